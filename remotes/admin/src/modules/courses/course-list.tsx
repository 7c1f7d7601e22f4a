import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { COURSE_SORT_FIELDS, deleteCourse, formatDate, listCourses, type ApiClient, type CourseSummary } from '@portal/contracts';
import { Button, ButtonLink, SearchInput, type TableColumn } from '@portal/design-system';
import { AdminListPanel } from '../admin-ui/admin-list-panel';
import { useListPanel } from '@portal/frontend-kit/list-panel';
import { useListDeletion } from '../admin-ui/use-list-deletion';

/** The course list's columns, with edit (in the page) and delete in the last. */
function courseColumns({
  go,
  onDelete,
}: {
  go: (href: string) => (event: MouseEvent) => void;
  onDelete: (course: CourseSummary) => void;
}): TableColumn<CourseSummary>[] {
  return [
    { key: 'id', header: 'ID', sortable: true, render: (c) => c.id },
    { key: 'name', header: 'Name', sortable: true, render: (c) => <span className="admin-courses__name">{c.name}</span> },
    { key: 'categories', header: 'Categories', render: (c) => c.categories.map((cat) => cat.name).join(', ') || '—' },
    { key: 'credit_cost', header: 'Credits', sortable: true, align: 'right', render: (c) => c.credit_cost },
    { key: 'validity_period', header: 'Validity (years)', sortable: true, align: 'right', render: (c) => c.validity_period },
    { key: 'scorm', header: 'SCORM', render: (c) => c.scorm_version ?? '—' },
    { key: 'created_at', header: 'Created', sortable: true, render: (c) => formatDate(c.created_at) },
    {
      key: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      render: (c) => (
        <div className="admin-courses__actions">
          <ButtonLink
            size="sm"
            variant="secondary"
            href={`/admin?tab=courses&course=${c.id}`}
            onClick={go(`/admin?tab=courses&course=${c.id}`)}
            aria-label={`Edit ${c.name}`}
          >
            Edit
          </ButtonLink>
          <Button size="sm" variant="danger" onClick={() => onDelete(c)} aria-label={`Delete ${c.name}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
}

/** Admin course list: search (2+ characters), sortable columns, pages of 15, add, edit and delete. */
export function CourseList({ api }: { api: ApiClient }) {
  const {
    address,
    list: courses,
    listProps,
  } = useListPanel({
    name: 'courses',
    sortable: COURSE_SORT_FIELDS,
    load: (query) => api.call(listCourses, { query }),
    pageOf: ({ meta }) => ({ currentPage: meta.current_page, lastPage: meta.last_page, total: meta.total }),
  });
  const navigate = useNavigate();
  const go = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    void navigate(href);
  };

  const deletion = useListDeletion<CourseSummary>({
    remove: async (course) => {
      await api.call(deleteCourse, { params: { id: course.id } });
      return `${course.name} was deleted.`;
    },
    onDeleted: courses.reload,
    failedText: 'Failed to delete course.',
    onFailed: (error) => console.error('An error occurred while deleting the course', error),
  });
  const { setToDelete, toDelete } = deletion;

  const columns = courseColumns({ go, onDelete: setToDelete });

  return (
    <AdminListPanel
      testId="admin-courses"
      noun={{ one: 'course', many: 'courses' }}
      className="admin-panel admin-courses"
      toolbar={
        <div className="admin-courses__toolbar">
          <h2 className="admin-panel__title">Courses</h2>
          <ButtonLink href="/admin?tab=courses&course=new" onClick={go('/admin?tab=courses&course=new')}>
            Add course
          </ButtonLink>
        </div>
      }
      search={
        <SearchInput
          label="Search courses"
          value={address.searchText}
          onChange={address.setSearchText}
          placeholder="Search by name (2+ characters)"
        />
      }
      {...listProps}
      columns={columns}
      deletion={deletion}
      hasStickyErrors
      canCloseConfirmationWhileBusy
      confirmation={
        <p>
          Delete <strong>{toDelete?.name}</strong>? Deleting a course deletes its enrollments and refunds their credits to the companies.
          This cannot be undone.
        </p>
      }
    />
  );
}
