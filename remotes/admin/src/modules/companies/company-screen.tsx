import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { companyCreate, companyGet, companyUpdate, depotUpdate, type AdminCompany, type ApiClient, type Depot } from '@portal/contracts';
import { companyCreateBodySchema, companyUpdateBodySchema, depotUpdateBodySchema } from '@portal/contracts/schemas';
import { Button, Card, EmptyState, Modal, Notice, PageHeader, SkeletonBlock, Table, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery, applyServerErrors } from '@portal/frontend-kit';
import { BreakableEmail } from '@portal/frontend-kit/text';
import { BoundField } from '@portal/frontend-kit/forms';
import { GoBack } from '../admin-ui/go-back';
import { DepotDeletionModal } from './depot-deletion-modal';
import { creditReasonInput, isBalanceChanged, requireCreditReason, withCreditReason } from './credit-reason';

type Flash = { tone: 'success' | 'error'; text: string } | null;
type CreateValues = z.input<typeof companyCreateBodySchema>;
/** The edit forms ask for a reason beside a changed credit balance (it becomes the ledger's adjustment row). */
const companyEditSchema = (saved: number) =>
  companyUpdateBodySchema.extend({ credit_reason: creditReasonInput }).superRefine(requireCreditReason(saved));
const depotEditSchema = (saved: number) =>
  depotUpdateBodySchema.extend({ credit_reason: creditReasonInput }).superRefine(requireCreditReason(saved));
type UpdateValues = z.input<ReturnType<typeof companyEditSchema>>;
type DepotValues = z.input<ReturnType<typeof depotEditSchema>>;

/** Add company (POST /api/company/createCompanyAndUser): the generated manager password is shown once. */
export function AddCompanyScreen({ api }: { api: ApiClient }) {
  const [flash, setFlash] = useState<Flash>(null);
  const [created, setCreated] = useState<{ name: string; email: string; password: string } | null>(null);
  const form = useForm<CreateValues, unknown, z.output<typeof companyCreateBodySchema>>({
    resolver: zodResolver(companyCreateBodySchema),
    defaultValues: { name: '', email: '', manager_name: '', manager_email: '', credit_balance: 0 },
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async (values) => {
    setFlash(null);
    setCreated(null);
    try {
      const response = await api.call(companyCreate, { body: values });
      setCreated({ name: response.data.name, email: values.manager_email, password: response.password });
      reset();
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'email', 'manager_name', 'manager_email', 'credit_balance', 'parent_id']);
      if (message) setFlash({ tone: 'error', text: message });
    }
  });
  return (
    <div className="admin-screen" data-testid="add-company">
      <GoBack tab="companies" />
      <PageHeader title="Add company" />
      {created ? (
        <Notice tone="success" title="Company successfully created!">
          <p>
            {created.name} and its manager ({created.email}) were created. The manager&rsquo;s password is shown only this once:
          </p>
          <p className="admin-password" data-testid="generated-password">
            {created.password}
          </p>
        </Notice>
      ) : null}
      {flash ? (
        <Notice tone={flash.tone} onDismiss={() => setFlash(null)}>
          {flash.text}
        </Notice>
      ) : null}
      <Card>
        <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Add company">
          <BoundField form={form} name="name" id="company-name" label="Company name" />
          <BoundField
            form={form}
            name="email"
            id="company-email"
            label="Company email"
            hint="The main account email; defaults to the manager's."
            type="email"
          />
          <BoundField form={form} name="manager_name" id="company-manager-name" label="Manager name" />
          <BoundField form={form} name="manager_email" id="company-manager-email" label="Manager email" type="email" />
          <BoundField form={form} name="credit_balance" id="company-credits" label="Credit balance" type="number" min={0} />
          <div className="admin-form__actions">
            <Button type="submit" loading={isSubmitting}>
              Add company
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

function EditCompanyForm({ api, company, onSaved }: { api: ApiClient; company: AdminCompany; onSaved: (message: string) => void }) {
  const [flash, setFlash] = useState<Flash>(null);
  const schema = useMemo(() => companyEditSchema(company.credit_balance), [company.credit_balance]);
  const form = useForm<UpdateValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: company.name,
      email: company.email ?? '',
      manager_name: company.manager_name ?? '',
      manager_email: company.manager_email ?? '',
      credit_balance: company.credit_balance,
      credit_reason: '',
    },
  });
  const {
    handleSubmit,
    setError,
    control,
    formState: { isSubmitting },
  } = form;
  const needsReason = isBalanceChanged(useWatch({ control, name: 'credit_balance' }), company.credit_balance);
  const onSubmit = handleSubmit(async (values) => {
    setFlash(null);
    try {
      const response = await api.call(companyUpdate, {
        params: { companyId: company.id },
        body: withCreditReason(values, company.credit_balance),
      });
      onSaved(response.message);
    } catch (error) {
      const message = applyServerErrors(error, setError, [
        'name',
        'email',
        'manager_name',
        'manager_email',
        'credit_balance',
        'credit_reason',
        'parent_id',
      ]);
      if (message) setFlash({ tone: 'error', text: message });
    }
  });
  return (
    <Card title="Company details">
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Edit company">
        {flash ? (
          <div className="admin-form__actions">
            <Notice tone={flash.tone} onDismiss={() => setFlash(null)}>
              {flash.text}
            </Notice>
          </div>
        ) : null}
        <BoundField form={form} name="name" id="edit-company-name" label="Company name" />
        <BoundField form={form} name="email" id="edit-company-email" label="Company email" type="email" />
        <BoundField form={form} name="manager_name" id="edit-company-manager-name" label="Manager name" />
        <BoundField form={form} name="manager_email" id="edit-company-manager-email" label="Manager email" type="email" />
        <BoundField form={form} name="credit_balance" id="edit-company-credits" label="Credit balance" type="number" min={0} />
        {needsReason ? (
          <BoundField
            form={form}
            name="credit_reason"
            id="edit-company-credit-reason"
            label="Reason for the change"
            hint="Required: kept in the company's credit history."
          />
        ) : null}
        <div className="admin-form__actions">
          <Button type="submit" loading={isSubmitting}>
            Save company
          </Button>
        </div>
      </form>
    </Card>
  );
}

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
  const [flash, setFlash] = useState<string | null>(null);
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
  const {
    handleSubmit,
    setError,
    control,
    formState: { isSubmitting },
  } = form;
  const needsReason = isBalanceChanged(useWatch({ control, name: 'credit_balance' }), depot.credit_balance);
  const onSubmit = handleSubmit(async (values) => {
    setFlash(null);
    try {
      const response = await api.call(depotUpdate, {
        params: { companyId, depotId: depot.id },
        body: withCreditReason(values, depot.credit_balance),
      });
      onDone(response.message);
    } catch (error) {
      setFlash(applyServerErrors(error, setError, ['name', 'email', 'manager_name', 'manager_email', 'credit_balance', 'credit_reason']));
    }
  });
  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Edit depot" id="depot-form">
      {flash ? (
        <div className="admin-form__actions">
          <Notice tone="error">{flash}</Notice>
        </div>
      ) : null}
      <BoundField form={form} name="name" id="depot-name" label="Depot name" />
      <BoundField form={form} name="email" id="depot-email" label="Email" type="email" />
      <BoundField form={form} name="manager_name" id="depot-manager-name" label="Manager name" />
      <BoundField form={form} name="manager_email" id="depot-manager-email" label="Manager email" type="email" />
      <BoundField form={form} name="credit_balance" id="depot-credits" label="Credit balance" type="number" min={0} />
      {needsReason ? (
        <BoundField
          form={form}
          name="credit_reason"
          id="depot-credit-reason"
          label="Reason for the change"
          hint="Required: kept in the depot's credit history."
        />
      ) : null}
      <div className="admin-form__actions">
        <Button type="submit" loading={isSubmitting}>
          Save depot
        </Button>
        <Button type="button" variant="secondary" onClick={() => onDone()}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DepotsCard({
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

/** Edit company (PATCH /api/company/{id}); choosing a company also loads its depots (spec §2). */
export function EditCompanyScreen({ api, id }: { api: ApiClient; id: number }) {
  const [version, setVersion] = useState(0);
  const [flash, setFlash] = useState<string | null>(null);
  const company = useApiQuery(`company:${id}:${version}`, () => api.call(companyGet, { params: { companyId: id } }));
  const changed = (message: string) => {
    setFlash(message);
    setVersion((v) => v + 1);
  };
  return (
    <div className="admin-screen" data-testid="edit-company">
      <GoBack tab="companies" />
      <PageHeader title={company.status === 'success' ? `Edit ${company.data.data.name}` : 'Edit company'} />
      {flash ? (
        <Notice tone="success" onDismiss={() => setFlash(null)} autoHideMs={5000}>
          {flash}
        </Notice>
      ) : null}
      {company.status === 'loading' ? <SkeletonBlock height={240} /> : null}
      {company.status === 'error' ? <LoadError error={company.error} onRetry={company.reload} what="this company" /> : null}
      {company.status === 'success' ? (
        <>
          <EditCompanyForm key={`c-${version}`} api={api} company={company.data.data} onSaved={changed} />
          <DepotsCard api={api} companyId={id} depots={company.data.depots} onChanged={changed} />
        </>
      ) : null}
    </div>
  );
}
