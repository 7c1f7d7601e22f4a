import { adminUsers, formatDate, USER_MESSAGES, USER_SORTABLE, userDelete, type AdminUser, type ApiClient } from '@portal/contracts';
import type { TableColumn } from '@portal/design-system';
import { BreakableEmail } from '@portal/frontend-kit/text';
import { AdminListPanel } from '../admin-ui/admin-list-panel';
import { ListToolbar } from '../admin-ui/list-toolbar';
import { rowActionsColumn } from '../admin-ui/row-actions';
import { pageOfRows, useListPanel } from '@portal/frontend-kit/list-panel';
import { alertDeleteFailure, useListDeletion } from '../admin-ui/use-list-deletion';

/** The Learners tab: every learner and manager, searchable, sortable and paged in the address. */
export function LearnersPanel({ api }: { api: ApiClient }) {
  const { address, list, listProps } = useListPanel({
    name: 'users',
    sortable: USER_SORTABLE,
    load: (query) => api.call(adminUsers, { query }),
    pageOf: pageOfRows,
  });
  const deletion = useListDeletion<AdminUser>({
    remove: async (user) => {
      await api.call(userDelete, { params: { id: user.id } });
      return `${user.name} was deleted.`;
    },
    onDeleted: list.reload,
    failedText: USER_MESSAGES.deleteFailed,
    onFailed: alertDeleteFailure('learner'),
  });
  const { setToDelete, toDelete } = deletion;

  const columns: TableColumn<AdminUser>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (u) => (
        <a className="ds-link" href={`/admin/users/${u.id}`}>
          {u.name}
        </a>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, render: (u) => (u.email ? <BreakableEmail email={u.email} /> : '—') },
    { key: 'role', header: 'Role', sortable: true, render: (u) => (u.role === 'manager' ? 'Manager' : 'Learner') },
    { key: 'company', header: 'Company', sortable: true, render: (u) => u.company_name },
    { key: 'login_code', header: 'Login code', render: (u) => u.login_code ?? '—' },
    { key: 'created_at', header: 'Created', sortable: true, render: (u) => formatDate(u.created_at) },
    rowActionsColumn<AdminUser>({ editHref: (u) => `/admin/users/${u.id}`, onDelete: setToDelete }),
  ];

  return (
    <AdminListPanel
      testId="learners-panel"
      noun={{ one: 'learner', many: 'learners' }}
      toolbar={
        <ListToolbar
          search={address.searchText}
          onSearch={address.setSearchText}
          searchLabel="Search learners"
          addHref="/admin/users/new"
          addLabel="Add user"
        />
      }
      {...listProps}
      hasTotal
      columns={columns}
      deletion={deletion}
      confirmation={
        <p>
          Are you sure you want to delete {toDelete?.name}? Deleting a learner also deletes all of their enrollments. This can not be
          undone.
        </p>
      }
    />
  );
}
