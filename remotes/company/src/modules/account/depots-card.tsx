import { Card, EmptyState, Table, type TableColumn } from '@portal/design-system';

type DepotRow = { id: number; name: string; email: string | null };

const COLUMNS: TableColumn<DepotRow>[] = [
  { key: 'name', header: 'Depot', render: (d) => <span className="account-strong">{d.name}</span> },
  { key: 'email', header: 'Email', render: (d) => d.email ?? '—' },
  {
    key: 'edit',
    header: <span className="ds-visually-hidden">Actions</span>,
    align: 'right',
    render: (d) => (
      <a className="ds-link" href={`/account/depot/${d.id}`} aria-label={`Edit ${d.name}`}>
        Edit
      </a>
    ),
  },
];

export function DepotsCard({ depots }: { depots: DepotRow[] }) {
  return (
    <Card title="Depots">
      {depots.length === 0 ? (
        <EmptyState title="You have no depots yet.">
          <p>Depots are branches of your organisation with their own learners and credits.</p>
        </EmptyState>
      ) : (
        <Table caption="Depots" columns={COLUMNS} rows={depots} rowKey={(d) => d.id} emptyText="You have no depots yet." />
      )}
    </Card>
  );
}

export function ManagersCard({
  managers,
  helpEmail,
}: {
  managers: { id: number; name: string; email: string | null }[];
  helpEmail: string;
}) {
  return (
    <Card title="Company administrators">
      {managers.length === 0 ? (
        <EmptyState title="No administrators are listed for this company." />
      ) : (
        <ul className="account-managers" data-testid="company-managers">
          {managers.map((m) => (
            <li key={m.id}>
              <span className="account-strong">{m.name}</span>
              {m.email ? <span className="account-muted"> {m.email}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="account-muted">
        To remove an administrator, please contact support at{' '}
        <a className="ds-link" href={`mailto:${helpEmail}`}>
          {helpEmail}
        </a>
        .
      </p>
    </Card>
  );
}
