import type { MouseEvent, RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@portal/design-system';
import type { SelectedCourse } from './use-course-selection';

interface SelectedCoursesPanelProps {
  selected: readonly SelectedCourse[] | null;
  panelRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/** The side panel of the company's selected courses, each with its Edit link, and Enrol Employees. */
export function SelectedCoursesPanel({ selected, panelRef, onClose }: SelectedCoursesPanelProps) {
  const navigate = useNavigate();
  const go = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    void navigate(href);
  };
  return (
    <aside id="selected-courses" ref={panelRef} tabIndex={-1} className="selected-courses" aria-label="Selected Courses">
      <div className="selected-courses__header">
        <h2>Selected Courses</h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      {selected && selected.length > 0 ? (
        <ul className="selected-courses__list">
          {selected.map((course) => (
            <li key={course.id}>
              <span>{course.name}</span>
              <a href={`/courses/edit/${course.id}`} onClick={go(`/courses/edit/${course.id}`)} aria-label={`Edit ${course.name}`}>
                Edit
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="selected-courses__empty">No courses selected yet.</p>
      )}
      <ButtonLink href="/enrolments/create/v2" onClick={go('/enrolments/create/v2')}>
        Enrol Employees
      </ButtonLink>
    </aside>
  );
}
