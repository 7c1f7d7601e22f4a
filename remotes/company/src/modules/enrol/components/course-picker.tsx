import { useState } from 'react';
import { ENROL_COURSE_PICKER_PAGE_SIZE, type CourseSummary } from '@portal/contracts';
import { Button, ButtonLink, EmptyState, Pagination, SearchInput } from '@portal/design-system';
import { activeSearch } from '@portal/frontend-kit';
import { creditsText } from '../enrol-cost';

export const WHOLE_CATALOGUE_NOTE =
  'You have not selected any courses yet, so every course is listed. The courses you choose here are added to your Selected Courses.';

/**
 * Step 1 "Select Courses" (spec §4, §9): every course on offer, the company's selected courses
 * first and marked (issue 32 item 7), 10 a page, searched by title (2+ characters, any case);
 * ticking one chooses it for this enrolment.
 */
export function CoursePicker({
  courses,
  chosenIds,
  selectedIds = [],
  onToggle,
  onClear,
  isWholeCatalogue = false,
}: {
  courses: readonly CourseSummary[];
  chosenIds: readonly number[];
  /** The company's Selected Courses (marked "In your selection"). */
  selectedIds?: readonly number[];
  onToggle: (id: number) => void;
  /** Unticks every course (the selection starts ticked: one click to start from none). */
  onClear?: () => void;
  isWholeCatalogue?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = activeSearch(search).toLowerCase();
  const matches = term ? courses.filter((course) => course.name.toLowerCase().includes(term)) : courses;
  const lastPage = Math.max(1, Math.ceil(matches.length / ENROL_COURSE_PICKER_PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const shown = matches.slice((current - 1) * ENROL_COURSE_PICKER_PAGE_SIZE, current * ENROL_COURSE_PICKER_PAGE_SIZE);

  if (courses.length === 0) {
    return (
      <EmptyState title="There are no courses to enrol on yet." action={<ButtonLink href="/courses">Courses</ButtonLink>}>
        No course is on offer to your company yet. Please contact support.
      </EmptyState>
    );
  }
  return (
    <div className="enrol-course-picker">
      {isWholeCatalogue ? (
        <p className="enrol-muted" data-testid="enrol-whole-catalogue">
          {WHOLE_CATALOGUE_NOTE}
        </p>
      ) : null}
      <SearchInput
        label="Search courses"
        placeholder="Search courses"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <div className="enrol-course-count">
        <p className="enrol-muted" aria-live="polite">
          {chosenIds.length} of {courses.length} course{courses.length === 1 ? '' : 's'} chosen.
        </p>
        {onClear && chosenIds.length ? (
          <Button type="button" variant="secondary" size="sm" onClick={onClear}>
            Untick all
          </Button>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No courses match your search." />
      ) : (
        <ul className="enrol-course-list" aria-label="Courses">
          {shown.map((course) => (
            <CourseOption
              key={course.id}
              course={course}
              isChosen={chosenIds.includes(course.id)}
              isSelected={selectedIds.includes(course.id)}
              onToggle={onToggle}
            />
          ))}
        </ul>
      )}
      <Pagination page={current} lastPage={lastPage} onPageChange={(next) => setPage(Math.min(Math.max(1, next), lastPage))} />
    </div>
  );
}

interface CourseOptionProps {
  course: CourseSummary;
  isChosen: boolean;
  /** In the company's Selected Courses. */
  isSelected: boolean;
  onToggle: (id: number) => void;
}

function CourseOption({ course, isChosen, isSelected, onToggle }: CourseOptionProps) {
  const id = `enrol-course-${course.id}`;
  return (
    <li className="enrol-course" data-chosen={isChosen} data-testid="enrol-course">
      <input id={id} type="checkbox" checked={isChosen} onChange={() => onToggle(course.id)} />
      <label htmlFor={id} className="enrol-course__name">
        {course.name}
        {isSelected ? <span className="enrol-course__selected"> In your selection</span> : null}
      </label>
      <span className="enrol-course__credits">{creditsText(course.credit_cost)}</span>
    </li>
  );
}
