import { useState } from 'react';
import { adminUsers, ApiError, formatDate, USER_MESSAGES, userDelete, type AdminUser, type ApiClient } from '@portal/contracts';
import { Button, ButtonLink, Notice, Pagination, Table, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { useAdminQuery } from '../admin-query/use-admin-query';
import { ConfirmModal } from '../admin-ui/confirm-modal';
import { ListSearch } from '../admin-ui/list-toolbar';

/** The Learners tab: every learner and manager, searchable, sortable and paged in the address. */
export function LearnersPanel({ api }: { api: ApiClient }) {
  const { query, setSearch, toggleSort, setPage } = useAdminQuery();
  const key = `users:${query.search}:${query.sortBy}:${query.sortDir}:${query.page}`;
  const list = useApiQuery(key, () =>
    api.call(adminUsers, {
      query: {
        ...(query.search ? { search: query.search } : {}),
        ...(query.sortBy ? { sortBy: query.sortBy as never, sortDir: query.sortDir } : {}),
        page: query.page,
      },
    }),
  );
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await api.call(userDelete, { params: { id: toDelete.id } });
      setNotice({ tone: 'success', text: `${toDelete.name} was deleted.` });
      list.reload();
    } catch (error) {
      setNotice({ tone: 'error', text: USER_MESSAGES.deleteFailed });
      window.alert(`An error occurred while deleting the learner: ${error instanceof ApiError ? error.message : String(error)}`);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  const columns: TableColumn<AdminUser>[] = [
    { key: 'name', header: 'Name', sortable: true, render: (u) => <a className="ds-link" href={`/admin/users/${u.id}`}>{u.name}</a> },
    { key: 'email', header: 'Email', sortable: true, render: (u) => u.email ?? '—' },
    { key: 'role', header: 'Role', sortable: true, render: (u) => (u.role === 'manager' ? 'Manager' : 'Learner') },
    { key: 'company', header: 'Company', sortable: true, render: (u) => u.company_name },
    { key: 'login_code', header: 'Login code', render: (u) => u.login_code ?? '—' },
    { key: 'created_at', header: 'Created', sortable: true, render: (u) => formatDate(u.created_at) },
    {
      key: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'right',
      render: (u) => (
        <div className="admin-row-actions">
          <ButtonLink href={`/admin/users/${u.id}`} variant="secondary" size="sm">
            Edit
          </ButtonLink>
          <Button variant="danger" size="sm" onClick={() => setToDelete(u)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="admin-panel" data-testid="learners-panel">
      <div className="admin-toolbar">
        <ListSearch value={query.search} onChange={setSearch} label="Search learners" />
        <ButtonLink href="/admin/users/new">Add user</ButtonLink>
      </div>
      {notice ? (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)} autoHideMs={5000}>
          {notice.text}
        </Notice>
      ) : null}
      {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} what="the learners" /> : null}
      <Table
        caption="Learners"
        columns={columns}
        rows={list.status === 'success' ? list.data.data : []}
        rowKey={(u) => u.id}
        loading={list.status === 'loading'}
        emptyText={query.search ? 'No learners match your search.' : 'There are no learners yet.'}
        {...(query.sortBy ? { sort: { key: query.sortBy, dir: query.sortDir } } : {})}
        onSortChange={toggleSort}
      />
      <div className="admin-list-footer">
        <span className="admin-muted">{list.status === 'success' ? `${list.data.total} in total` : ''}</span>
        <Pagination
          page={list.status === 'success' ? list.data.current_page : query.page}
          lastPage={list.status === 'success' ? list.data.last_page : 1}
          onPageChange={(page) => setPage(page, list.status === 'success' ? list.data.last_page : 1)}
        />
      </div>
      <ConfirmModal
        open={toDelete !== null}
        title="Delete learner"
        confirmLabel="Delete learner"
        isBusy={isDeleting}
        onConfirm={() => void onDelete()}
        onClose={() => setToDelete(null)}
      >
        <p>
          Are you sure you want to delete {toDelete?.name}? Deleting a learner also deletes all of their enrollments. This can not be undone.
        </p>
      </ConfirmModal>
    </div>
  );
}
