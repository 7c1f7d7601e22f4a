import {
  adminCompanies,
  ApiError,
  COMPANY_MESSAGES,
  COMPANY_SORTABLE,
  companyDelete,
  formatDate,
  mimicCompany,
  type AdminCompany,
  type ApiClient,
} from '@portal/contracts';
import { Button, type TableColumn } from '@portal/design-system';
import { leavePageNotice } from '@portal/frontend-kit';
import { BreakableEmail } from '@portal/frontend-kit/text';
import { AdminListPanel } from '../admin-ui/admin-list-panel';
import { ListToolbar } from '../admin-ui/list-toolbar';
import { rowActionsColumn } from '../admin-ui/row-actions';
import { pageOfRows, useListPanel } from '@portal/frontend-kit/list-panel';
import { alertDeleteFailure, useListDeletion } from '../admin-ui/use-list-deletion';

/** The companies list's columns, with mimic, edit and delete in the last. */
function companyColumns({
  onMimic,
  onDelete,
}: {
  onMimic: (company: AdminCompany) => void;
  onDelete: (company: AdminCompany) => void;
}): TableColumn<AdminCompany>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (c) => (
        <a className="ds-link" href={`/admin/companies/${c.id}`}>
          {c.name}
        </a>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, render: (c) => (c.email ? <BreakableEmail email={c.email} /> : '—') },
    { key: 'manager_name', header: 'Manager', sortable: true, render: (c) => c.manager_name ?? '—' },
    { key: 'depots', header: 'Depots', align: 'right', render: (c) => c.depots_count },
    { key: 'users', header: 'Users', align: 'right', render: (c) => c.users_count },
    { key: 'credits', header: 'Credits', align: 'right', render: (c) => c.credit_balance },
    { key: 'created_at', header: 'Created', sortable: true, render: (c) => formatDate(c.created_at) },
    rowActionsColumn<AdminCompany>({
      editHref: (c) => `/admin/companies/${c.id}`,
      onDelete,
      extra: (c) => (
        <Button variant="secondary" size="sm" onClick={() => onMimic(c)} aria-label={`Mimic ${c.name}`}>
          Mimic
        </Button>
      ),
    }),
  ];
}

/** The Companies tab: top-level companies, with mimic, edit and delete. */
export function CompaniesPanel({ api }: { api: ApiClient }) {
  const { address, list, listProps } = useListPanel({
    name: 'companies',
    sortable: COMPANY_SORTABLE,
    load: (query) => api.call(adminCompanies, { query }),
    pageOf: pageOfRows,
  });
  const deletion = useListDeletion<AdminCompany>({
    remove: async (company) => {
      const response = await api.call(companyDelete, { params: { companyId: company.id } });
      return response.message ?? COMPANY_MESSAGES.deleted;
    },
    onDeleted: list.reload,
    failedText: COMPANY_MESSAGES.deleteFailed,
    onFailed: alertDeleteFailure('company'),
  });
  const { setNotice, setToDelete, toDelete } = deletion;

  async function onMimic(company: AdminCompany) {
    try {
      const response = await api.call(mimicCompany, { body: { company_id: company.id } });
      // The header (Un-mimic Company) and every page now act for this company: the portal reloads
      // as it, and the success notice waits for the company's Dashboard (a notice here would go with the page).
      leavePageNotice({ tone: 'success', text: response.message ?? 'Successfully mimicked the company!', at: '/' });
      window.location.assign('/');
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : String(error) });
    }
  }

  const columns = companyColumns({ onMimic: (company) => void onMimic(company), onDelete: setToDelete });

  return (
    <AdminListPanel
      testId="companies-panel"
      noun={{ one: 'company', many: 'companies' }}
      toolbar={
        <ListToolbar
          search={address.searchText}
          onSearch={address.setSearchText}
          searchLabel="Search companies"
          addHref="/admin/companies/new"
          addLabel="Add company"
        />
      }
      {...listProps}
      hasTotal
      columns={columns}
      deletion={deletion}
      confirmation={
        <p>
          Are you sure you want to delete {toDelete?.name}? Deleting a company also deletes its users, its depots and all of their
          enrollments. This can not be undone.
        </p>
      }
    />
  );
}
