import { useState } from 'react';
import { adminCompanies, ApiError, COMPANY_MESSAGES, companyDelete, formatDate, mimicCompany, type AdminCompany, type ApiClient } from '@portal/contracts';
import { Button, ButtonLink, Notice, Pagination, Table, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { useAdminQuery } from '../admin-query/use-admin-query';
import { ConfirmModal } from '../admin-ui/confirm-modal';
import { ListSearch } from '../admin-ui/list-toolbar';

/** The Companies tab: top-level companies, with mimic, edit and delete. */
export function CompaniesPanel({ api }: { api: ApiClient }) {
  const { query, setSearch, toggleSort, setPage } = useAdminQuery();
  const key = `companies:${query.search}:${query.sortBy}:${query.sortDir}:${query.page}`;
  const list = useApiQuery(key, () =>
    api.call(adminCompanies, {
      query: {
        ...(query.search ? { search: query.search } : {}),
        ...(query.sortBy ? { sortBy: query.sortBy as never, sortDir: query.sortDir } : {}),
        page: query.page,
      },
    }),
  );
  const [toDelete, setToDelete] = useState<AdminCompany | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onDelete() {
    if (!toDelete) return;
    setBusy(true);
    try {
      const response = await api.call(companyDelete, { params: { companyId: toDelete.id } });
      setNotice({ tone: 'success', text: response.message ?? COMPANY_MESSAGES.deleted });
      list.reload();
    } catch (error) {
      setNotice({ tone: 'error', text: COMPANY_MESSAGES.deleteFailed });
      window.alert(`An error occurred while deleting the company: ${error instanceof ApiError ? error.message : String(error)}`);
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  }

  async function onMimic(company: AdminCompany) {
    try {
      const response = await api.call(mimicCompany, { body: { company_id: company.id } });
      setNotice({ tone: 'success', text: response.message ?? 'Successfully mimicked the company!' });
      // The header (Un-mimic Company) and every page now act for this company.
      setTimeout(() => window.location.assign('/'), 1200);
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : String(error) });
    }
  }

  const columns: TableColumn<AdminCompany>[] = [
    { key: 'name', header: 'Name', sortable: true, render: (c) => <a className="ds-link" href={`/admin/companies/${c.id}`}>{c.name}</a> },
    { key: 'email', header: 'Email', sortable: true, render: (c) => c.email ?? '—' },
    { key: 'manager_name', header: 'Manager', sortable: true, render: (c) => c.manager_name ?? '—' },
    { key: 'depots', header: 'Depots', align: 'right', render: (c) => c.depots_count },
    { key: 'users', header: 'Users', align: 'right', render: (c) => c.users_count },
    { key: 'credits', header: 'Credits', align: 'right', render: (c) => c.credit_balance },
    { key: 'created_at', header: 'Created', sortable: true, render: (c) => formatDate(c.created_at) },
    {
      key: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'right',
      render: (c) => (
        <div className="admin-row-actions">
          <Button variant="secondary" size="sm" onClick={() => void onMimic(c)} aria-label={`Mimic ${c.name}`}>
            Mimic
          </Button>
          <ButtonLink href={`/admin/companies/${c.id}`} variant="secondary" size="sm">
            Edit
          </ButtonLink>
          <Button variant="danger" size="sm" onClick={() => setToDelete(c)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="admin-panel" data-testid="companies-panel">
      <div className="admin-toolbar">
        <ListSearch value={query.search} onChange={setSearch} label="Search companies" />
        <ButtonLink href="/admin/companies/new">Add company</ButtonLink>
      </div>
      {notice ? (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)} autoHideMs={5000}>
          {notice.text}
        </Notice>
      ) : null}
      {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} what="the companies" /> : null}
      <Table
        caption="Companies"
        columns={columns}
        rows={list.status === 'success' ? list.data.data : []}
        rowKey={(c) => c.id}
        loading={list.status === 'loading'}
        emptyText={query.search ? 'No companies match your search.' : 'There are no companies yet.'}
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
      <ConfirmModal open={toDelete !== null} title="Delete company" confirmLabel="Delete company" isBusy={isBusy} onConfirm={() => void onDelete()} onClose={() => setToDelete(null)}>
        <p>
          Are you sure you want to delete {toDelete?.name}? Deleting a company also deletes its users, its depots and all of their enrollments. This can not be undone.
        </p>
      </ConfirmModal>
    </div>
  );
}
