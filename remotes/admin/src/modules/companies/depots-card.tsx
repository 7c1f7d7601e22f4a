import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { depotUpdate, type ApiClient, type Depot } from '@portal/contracts';
import { depotUpdateBodySchema } from '@portal/contracts/schemas';
import { Button, Card, EmptyState, Modal, Table, type TableColumn } from '@portal/design-system';
import { FormCard, useServerSubmit } from '@portal/frontend-kit/form-card';
import { BreakableEmail } from '@portal/frontend-kit/text';
import { CREDIT_HOLDER_FIELDS, CreditHolderFields } from './credit-holder-fields';
import { creditReasonInput, requireCreditReason, withCreditReason } from './credit-reason';
import { DepotDeletionModal } from './depot-deletion-modal';

/** The edit form asks for a reason beside a changed credit balance (it becomes the ledger's adjustment row). */
const depotEditSchema = (saved: number) =>
  depotUpdateBodySchema.extend({ credit_reason: creditReasonInput }).superRefine(requireCreditReason(saved));
type DepotValues = z.input<ReturnType<typeof depotEditSchema>>;

function DepotForm({
  api,
  companyId,
  depot,
  onDone,
}: {
  api: ApiClient;
  companyId: number;
  depot: Depot;
  onDone: (message?: string) => void;
}) {
  const schema = useMemo(() => depotEditSchema(depot.credit_balance), [depot.credit_balance]);
  const form = useForm<DepotValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: depot.name,
      email: depot.email ?? '',
      manager_name: depot.manager_name ?? '',
      manager_email: depot.manager_email ?? '',
      credit_balance: depot.credit_balance,
      credit_reason: '',
    },
  });
  const { notice, onSubmit } = useServerSubmit(form, {
    fields: CREDIT_HOLDER_FIELDS,
    send: async (values) => {
      const body = withCreditReason(values, depot.credit_balance);
      onDone((await api.call(depotUpdate, { params: { companyId, depotId: depot.id }, body })).message);
    },
  });
  return (
    <FormCard
      isBare
      label="Edit depot"
      id="depot-form"
      notice={notice}
      onSubmit={onSubmit}
      submitLabel="Save depot"
      isSubmitting={form.formState.isSubmitting}
      actions={
        <Button type="button" variant="secondary" onClick={() => onDone()}>
          Cancel
        </Button>
      }
    >
      <CreditHolderFields
        form={form}
        idPrefix="depot"
        nameLabel="Depot name"
        emailLabel="Email"
        savedBalance={depot.credit_balance}
        reasonHint="Required: kept in the depot's credit history."
      />
    </FormCard>
  );
}

/** A company's depots: edit one in a modal, delete one with the kit's Delete Depot steps. */
export function DepotsCard({
  api,
  companyId,
  depots,
  onChanged,
}: {
  api: ApiClient;
  companyId: number;
  depots: Depot[];
  onChanged: (message: string) => void;
}) {
  const [editing, setEditing] = useState<Depot | null>(null);
  const [toDelete, setToDelete] = useState<Depot | null>(null);
  const columns: TableColumn<Depot>[] = [
    { key: 'name', header: 'Depot', render: (d) => d.name },
    { key: 'email', header: 'Email', render: (d) => (d.email ? <BreakableEmail email={d.email} /> : '—') },
    { key: 'manager', header: 'Manager', render: (d) => d.manager_name ?? '—' },
    { key: 'credits', header: 'Credits', align: 'right', render: (d) => d.credit_balance },
    {
      key: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'right',
      render: (d) => (
        <div className="admin-row-actions">
          <Button variant="secondary" size="sm" onClick={() => setEditing(d)} aria-label={`Edit ${d.name}`}>
            Edit
          </Button>
          <Button variant="danger" size="sm" onClick={() => setToDelete(d)} aria-label={`Delete ${d.name}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <Card title="Depots">
      {depots.length === 0 ? (
        <EmptyState title="This company has no depots." />
      ) : (
        <Table caption="Depots" columns={columns} rows={depots} rowKey={(d) => d.id} emptyText="This company has no depots." />
      )}
      <Modal open={editing !== null} title={`Edit depot${editing ? `: ${editing.name}` : ''}`} onClose={() => setEditing(null)}>
        {editing ? (
          <DepotForm
            api={api}
            companyId={companyId}
            depot={editing}
            onDone={(message) => {
              setEditing(null);
              if (message) onChanged(message);
            }}
          />
        ) : null}
      </Modal>
      <DepotDeletionModal api={api} companyId={companyId} depot={toDelete} onClose={() => setToDelete(null)} onDone={onChanged} />
    </Card>
  );
}
