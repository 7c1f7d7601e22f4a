import { Button, EmptyState, Pagination, SearchInput, SkeletonBlock } from '@portal/design-system';
import { countNoun, LoadError } from '@portal/frontend-kit';
import type { CompanyCourses } from './use-company-courses';
import { CourseCard } from './course-card';

/** The course list: search, how many there are, the cards, and the pages. */
export function CourseList({ address, categoryId, categoryName, courses, selection, clearSearch }: CompanyCourses) {
  const { list, searchText, setSearchText, setPage } = address;
  return (
    <section className="company-courses-list" aria-label="Course list">
      <SearchInput label="Search courses" value={searchText} onChange={setSearchText} placeholder="Search courses" hideLabel />
      {courses.status === 'error' ? <LoadError error={courses.error} onRetry={courses.reload} what="the courses" /> : null}
      {courses.status === 'loading' ? <SkeletonBlock height={240} /> : null}
      {courses.status === 'success' ? (
        <>
          <CourseCount total={courses.data.meta.total} categoryId={categoryId} categoryName={categoryName} />
          {courses.data.data.length === 0 ? (
            <NoCourses search={list.search} categoryName={categoryName} onClearSearch={clearSearch} />
          ) : null}
          <ul className="course-cards">
            {courses.data.data.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                isSelected={selection.selectedIds.has(course.id)}
                isBusy={selection.busyId === course.id}
                onToggle={selection.toggle}
              />
            ))}
          </ul>
          <Pagination
            page={courses.data.meta.current_page}
            lastPage={courses.data.meta.last_page}
            onPageChange={(page) => setPage(page, courses.data.meta.last_page)}
          />
        </>
      ) : null}
    </section>
  );
}

function CourseCount({ total, categoryId, categoryName }: { total: number; categoryId?: number; categoryName?: string }) {
  // No count when there is nothing to count: the empty state says so ("Showing all 0 courses" did not).
  if (total === 0) return null;
  return (
    <p className="company-courses-count" aria-live="polite">
      {categoryId || total === 1
        ? `Showing ${countNoun(total, categoryName ? `${categoryName} course` : 'course')}.`
        : `Showing all ${countNoun(total, 'course')}.`}
    </p>
  );
}

function NoCourses({ search, categoryName, onClearSearch }: { search: string; categoryName?: string; onClearSearch: () => void }) {
  if (!search) return <EmptyState title="There are no courses in this category yet." />;
  return (
    <EmptyState
      title="No courses match your search."
      action={
        <Button variant="secondary" size="sm" onClick={onClearSearch}>
          Clear search
        </Button>
      }
    >
      <p>
        No course{categoryName ? ` in ${categoryName}` : ''} has “{search}” in its name.
      </p>
    </EmptyState>
  );
}
