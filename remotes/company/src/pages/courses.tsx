import { useEffect, useState, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CATALOGUE_PAGE_SIZE, listCategories, listCourses, MIN_SEARCH_LENGTH, toggleCourse, type CourseSummary } from '@portal/contracts';
import { Button, ButtonLink, CategoryIcon, EmptyState, PageHeader, Pagination, SearchInput, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import '../modules/courses/courses.css';

/** /courses (spec §2 "Courses"): categories, search, 10 a page, and the company's selected courses. */
export default function Courses({ api }: RemotePageProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const categoryId = Number(params.get('category_id')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [panelOpen, setPanelOpen] = useState(false);
  const [selected, setSelected] = useState<{ id: number; name: string }[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const activeSearch = search.trim().length >= MIN_SEARCH_LENGTH ? search.trim() : '';
  // A new search starts at page 1; the address keeps the state (Back and reload land here again).
  // Only when the address differs: setParams changes identity on every navigation, so an
  // unconditional update would keep replacing the address (and could undo a click elsewhere).
  const addressSearch = params.get('search') ?? '';
  useEffect(() => {
    if (addressSearch === activeSearch) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (activeSearch) next.set('search', activeSearch);
          else next.delete('search');
          if ((current.get('search') ?? '') !== activeSearch) next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [activeSearch, addressSearch, setParams]);

  const querySearch = params.get('search') ?? '';
  // Spec §8: fetch failures are logged as 'Failed to fetch courses'; the page also offers a Retry.
  const logFetchFailure = (error: unknown): never => {
    console.error('Failed to fetch courses', error);
    throw error;
  };
  const categories = useApiQuery('categories', () => api.call(listCategories).then((r) => r.data, logFetchFailure));
  const courses = useApiQuery(JSON.stringify({ categoryId, page, querySearch }), () =>
    api
      .call(listCourses, { query: { category_id: categoryId, page, per_page: CATALOGUE_PAGE_SIZE, search: querySearch || undefined, sortBy: 'name' } })
      .catch(logFetchFailure),
  );
  // The server's selection, each time a page of courses arrives (not on every render).
  const loaded = courses.status === 'success' ? courses.data : null;
  useEffect(() => {
    if (loaded) setSelected(loaded.selected ?? []);
  }, [loaded]);

  const setCategory = (id: number | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('category_id', String(id));
      else next.delete('category_id');
      next.delete('page');
      return next;
    });
  const setPage = (value: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(value));
      return next;
    });

  async function toggle(course: CourseSummary) {
    setBusy(course.id);
    try {
      const result = await api.call(toggleCourse, { params: { id: course.id } });
      const ids = new Set(result.data);
      setSelected((current) => {
        const known = new Map([...(current ?? []), ...(courses.status === 'success' ? courses.data.data : [])].map((c) => [c.id, { id: c.id, name: c.name }]));
        return [...ids].map((id) => known.get(id)).filter((c): c is { id: number; name: string } => Boolean(c)).sort((a, b) => a.name.localeCompare(b.name));
      });
      // Refresh from the server: flags change, and a list request still in flight must not undo the toggle.
      courses.reload();
    } catch (error) {
      // Spec §8: a failed toggle is only logged; the selection stays as it was.
      console.error('Failed to toggle the course selection', error);
    } finally {
      setBusy(null);
    }
  }

  const go = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(href);
  };
  const selectedIds = new Set((selected ?? []).map((s) => s.id));
  const categoryName = categories.status === 'success' ? categories.data.find((c) => c.id === categoryId)?.name : undefined;
  const total = courses.status === 'success' ? courses.data.meta.total : 0;

  return (
    <div className="company-courses-page" data-testid="company-courses">
      <PageHeader
        title="Courses"
        subtitle="Choose the courses your company uses, then enrol your employees."
        actions={
          <Button variant="secondary" onClick={() => setPanelOpen((open) => !open)} aria-expanded={panelOpen} aria-controls="selected-courses">
            Selected Courses ({selected?.length ?? 0})
          </Button>
        }
      />
      {categories.status === 'error' ? <LoadError error={categories.error} onRetry={categories.reload} what="the categories" /> : null}
      <nav className="course-categories" aria-label="Course categories">
        <button type="button" className="course-category" aria-pressed={!categoryId} onClick={() => setCategory(undefined)}>
          All Courses
        </button>
        {categories.status === 'success'
          ? categories.data.map((category) => (
              <button key={category.id} type="button" className="course-category" aria-pressed={categoryId === category.id} onClick={() => setCategory(category.id)}>
                <CategoryIcon categoryId={category.id} size={20} />
                <span>{category.name}</span>
              </button>
            ))
          : null}
      </nav>
      <div className="company-courses-layout">
        <section className="company-courses-list" aria-label="Course list">
          <SearchInput label="Search courses" value={search} onChange={setSearch} placeholder="Search courses" hideLabel />
          {courses.status === 'success' ? (
            <p className="company-courses-count" aria-live="polite">
              {categoryId ? `Showing ${total} ${categoryName ?? ''} course(s).` : `Showing all ${total} courses.`}
            </p>
          ) : null}
          {courses.status === 'error' ? <LoadError error={courses.error} onRetry={courses.reload} what="the courses" /> : null}
          {courses.status === 'loading' ? <SkeletonBlock height={240} /> : null}
          {courses.status === 'success' && courses.data.data.length === 0 ? (
            <EmptyState title={querySearch ? 'No courses match your search.' : 'There are no courses in this category yet.'} />
          ) : null}
          {courses.status === 'success' ? (
            <ul className="course-cards">
              {courses.data.data.map((course) => {
                const isSelected = selectedIds.has(course.id);
                const locked = isSelected && course.has_enrollments;
                return (
                  <li key={course.id} className="course-card" data-testid="course-card" data-course-id={course.id} data-selected={isSelected}>
                    <div className="course-card__icons" aria-hidden="true">
                      {(course.category_ids.length ? course.category_ids : [0]).slice(0, 3).map((id) => (
                        <CategoryIcon key={id} categoryId={id} size={28} />
                      ))}
                    </div>
                    <div className="course-card__body">
                      <h2 className="course-card__title">{course.name}</h2>
                      {/* Sanitised on the server when the course was saved. */}
                      <div className="course-card__description" dangerouslySetInnerHTML={{ __html: course.description }} />
                      <p className="course-card__facts">
                        {course.credit_cost} credit{course.credit_cost === 1 ? '' : 's'}
                        {course.duration ? ` · ${course.duration}` : ''} · certificate valid {course.validity_period} year{course.validity_period === 1 ? '' : 's'}
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
                        loading={busy === course.id}
                        disabled={locked}
                        title={locked ? 'This course has enrolments, so it stays selected.' : undefined}
                        onClick={() => toggle(course)}
                      >
                        {isSelected ? 'Selected' : 'Select'}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {courses.status === 'success' ? <Pagination page={courses.data.meta.current_page} lastPage={courses.data.meta.last_page} onPageChange={setPage} /> : null}
        </section>
        {panelOpen ? (
          <aside id="selected-courses" className="selected-courses" aria-label="Selected Courses">
            <div className="selected-courses__header">
              <h2>Selected Courses</h2>
              <Button variant="ghost" size="sm" onClick={() => setPanelOpen(false)}>
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
        ) : null}
      </div>
    </div>
  );
}
