import { useState } from 'react';
import { ENROL_COURSE_PICKER_PAGE_SIZE, type CourseSummary } from '@portal/contracts';
import { ButtonLink, EmptyState, Pagination, SearchInput } from '@portal/design-system';
import { activeSearch } from '@portal/frontend-kit';

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/**
 * Step 1 (spec §4, §9): the company's selected courses, 10 a page, searched by title (2+ characters,
 * any case); ticking one chooses it for this enrolment.
 */
export function CoursePicker({ courses, chosenIds, onToggle }: { courses: readonly CourseSummary[]; chosenIds: readonly number[]; onToggle: (id: number) => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = activeSearch(search).toLowerCase();
  const matches = term ? courses.filter((course) => course.name.toLowerCase().includes(term)) : courses;
  const lastPage = Math.max(1, Math.ceil(matches.length / ENROL_COURSE_PICKER_PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const shown = matches.slice((current - 1) * ENROL_COURSE_PICKER_PAGE_SIZE, current * ENROL_COURSE_PICKER_PAGE_SIZE);

  if (courses.length === 0) {
    return (
      <EmptyState title="No courses selected yet." action={<ButtonLink href="/courses">Choose courses</ButtonLink>}>
        Choose the courses your company uses on the Courses page, then come back to enrol your employees.
      </EmptyState>
    );
  }
  return (
    <div className="enrol-course-picker">
      <SearchInput
        label="Search courses"
        placeholder="Search courses"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      <p className="enrol-muted" aria-live="polite">
        {chosenIds.length} of {courses.length} course{courses.length === 1 ? '' : 's'} chosen.
      </p>
      {shown.length === 0 ? (
        <EmptyState title="No courses match your search." />
      ) : (
        <ul className="enrol-course-list" aria-label="Courses">
          {shown.map((course) => {
            const isChosen = chosenIds.includes(course.id);
            const id = `enrol-course-${course.id}`;
            return (
              <li key={course.id} className="enrol-course" data-chosen={isChosen} data-testid="enrol-course">
                <input id={id} type="checkbox" checked={isChosen} onChange={() => onToggle(course.id)} />
                <label htmlFor={id} className="enrol-course__name">
                  {course.name}
                </label>
                <span className="enrol-course__credits">{credits(course.credit_cost)}</span>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={current} lastPage={lastPage} onPageChange={(next) => setPage(Math.min(Math.max(1, next), lastPage))} />
    </div>
  );
}
