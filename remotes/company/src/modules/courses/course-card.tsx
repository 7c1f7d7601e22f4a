import type { CourseSummary } from '@portal/contracts';
import { Button, CategoryIcon } from '@portal/design-system';
import { categoryIconOf } from './category-icon-of';

interface CourseCardProps {
  course: CourseSummary;
  isSelected: boolean;
  isBusy: boolean;
  onToggle: (course: CourseSummary) => void;
}

/** One course in the list: its category icons, description and facts, and Select / Selected. */
export function CourseCard({ course, isSelected, isBusy, onToggle }: CourseCardProps) {
  // A selected course with enrolments cannot be unselected.
  const locked = isSelected && course.has_enrollments;
  return (
    <li className="course-card" data-testid="course-card" data-course-id={course.id} data-selected={isSelected}>
      <div className="course-card__icons" aria-hidden="true">
        {(course.category_ids.length ? course.category_ids : [0]).slice(0, 3).map((id) => (
          <CategoryIcon key={id} icon={categoryIconOf(id)} size={28} />
        ))}
      </div>
      <div className="course-card__body">
        <h2 className="course-card__title">{course.name}</h2>
        {/* Sanitised on the server when the course was saved. */}
        <div className="course-card__description" dangerouslySetInnerHTML={{ __html: course.description }} />
        <p className="course-card__facts">
          {course.credit_cost} credit{course.credit_cost === 1 ? '' : 's'}
          {course.duration ? ` · ${course.duration}` : ''} · certificate valid {course.validity_period} year
          {course.validity_period === 1 ? '' : 's'}
        </p>
        {course.wp_link ? (
          <a href={course.wp_link} target="_blank" rel="noopener noreferrer">
            Learn more
          </a>
        ) : null}
      </div>
      <div className="course-card__actions">
        <Button
          variant={isSelected ? 'secondary' : 'primary'}
          size="sm"
          aria-pressed={isSelected}
          loading={isBusy}
          disabled={locked}
          title={locked ? 'This course has enrolments, so it stays selected.' : undefined}
          onClick={() => onToggle(course)}
        >
          {isSelected ? 'Selected' : 'Select'}
        </Button>
      </div>
    </li>
  );
}
