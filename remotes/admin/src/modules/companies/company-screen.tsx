import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  companyCreate,
  companyGet,
  companyUpdate,
  depotUpdate,
  type AdminCompany,
  type ApiClient,
  type Depot,
} from '@portal/contracts';
import { companyCreateBodySchema, companyUpdateBodySchema, depotUpdateBodySchema } from '@portal/contracts/schemas';
import { Button, Card, EmptyState, FormField, Modal, Notice, PageHeader, SkeletonBlock, Table, TextInput, type TableColumn } from '@portal/design-system';
import { LoadError, useApiQuery, applyServerErrors } from '@portal/frontend-kit';
import { GoBack } from '../admin-ui/go-back';
import { DepotDeletionModal } from './depot-deletion-modal';
import { creditReasonInput, isBalanceChanged, requireCreditReason, withCreditReason } from './credit-reason';

type Flash = { tone: 'success' | 'error'; text: string } | null;
type CreateValues = z.input<typeof companyCreateBodySchema>;
/** The edit forms ask for a reason beside a changed credit balance (it becomes the ledger's adjustment row). */
const companyEditSchema = (saved: number) => companyUpdateBodySchema.extend({ credit_reason: creditReasonInput }).superRefine(requireCreditReason(saved));
const depotEditSchema = (saved: number) => depotUpdateBodySchema.extend({ credit_reason: creditReasonInput }).superRefine(requireCreditReason(saved));
type UpdateValues = z.input<ReturnType<typeof companyEditSchema>>;
type DepotValues = z.input<ReturnType<typeof depotEditSchema>>;

/** Add company (POST /api/company/createCompanyAndUser): the generated manager password is shown once. */
export function AddCompanyScreen({ api }: { api: ApiClient }) {
  const [flash, setFlash] = useState<Flash>(null);
  const [created, setCreated] = useState<{ name: string; email: string; password: string } | null>(null);
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<CreateValues, unknown, z.output<typeof companyCreateBodySchema>>({
    resolver: zodResolver(companyCreateBodySchema),
    defaultValues: { name: '', email: '', manager_name: '', manager_email: '', credit_balance: 0 },
  });
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
          <p className="admin-password" data-testid="generated-password">{created.password}</p>
        </Notice>
      ) : null}
      {flash ? <Notice tone={flash.tone} onDismiss={() => setFlash(null)}>{flash.text}</Notice> : null}
      <Card>
        <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Add company">
          <FormField label="Company name" htmlFor="company-name" error={errors.name?.message}>
            <TextInput id="company-name" invalid={Boolean(errors.name)} {...register('name')} />
          </FormField>
          <FormField label="Company email" htmlFor="company-email" error={errors.email?.message} hint="The main account email; defaults to the manager's.">
            <TextInput id="company-email" type="email" invalid={Boolean(errors.email)} {...register('email')} />
          </FormField>
          <FormField label="Manager name" htmlFor="company-manager-name" error={errors.manager_name?.message}>
            <TextInput id="company-manager-name" invalid={Boolean(errors.manager_name)} {...register('manager_name')} />
          </FormField>
          <FormField label="Manager email" htmlFor="company-manager-email" error={errors.manager_email?.message}>
            <TextInput id="company-manager-email" type="email" invalid={Boolean(errors.manager_email)} {...register('manager_email')} />
          </FormField>
          <FormField label="Credit balance" htmlFor="company-credits" error={errors.credit_balance?.message}>
            <TextInput id="company-credits" type="number" min={0} invalid={Boolean(errors.credit_balance)} {...register('credit_balance')} />
          </FormField>
          <div className="admin-form__actions">
            <Button type="submit" loading={isSubmitting}>Add company</Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

function EditCompanyForm({ api, company, onSaved }: { api: ApiClient; company: AdminCompany; onSaved: (message: string) => void }) {
  const [flash, setFlash] = useState<Flash>(null);
  const schema = useMemo(() => companyEditSchema(company.credit_balance), [company.credit_balance]);
  const { register, handleSubmit, setError, control, formState: { errors, isSubmitting } } = useForm<UpdateValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: company.name, email: company.email ?? '', manager_name: company.manager_name ?? '', manager_email: company.manager_email ?? '', credit_balance: company.credit_balance, credit_reason: '' },
  });
  const needsReason = isBalanceChanged(useWatch({ control, name: 'credit_balance' }), company.credit_balance);
  const onSubmit = handleSubmit(async (values) => {
    setFlash(null);
    try {
      const response = await api.call(companyUpdate, { params: { companyId: company.id }, body: withCreditReason(values, company.credit_balance) });
      onSaved(response.message);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'email', 'manager_name', 'manager_email', 'credit_balance', 'credit_reason', 'parent_id']);
      if (message) setFlash({ tone: 'error', text: message });
    }
  });
  return (
    <Card title="Company details">
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Edit company">
        {flash ? <div className="admin-form__actions"><Notice tone={flash.tone} onDismiss={() => setFlash(null)}>{flash.text}</Notice></div> : null}
        <FormField label="Company name" htmlFor="edit-company-name" error={errors.name?.message}>
          <TextInput id="edit-company-name" invalid={Boolean(errors.name)} {...register('name')} />
        </FormField>
        <FormField label="Company email" htmlFor="edit-company-email" error={errors.email?.message}>
          <TextInput id="edit-company-email" type="email" invalid={Boolean(errors.email)} {...register('email')} />
        </FormField>
        <FormField label="Manager name" htmlFor="edit-company-manager-name" error={errors.manager_name?.message}>
          <TextInput id="edit-company-manager-name" invalid={Boolean(errors.manager_name)} {...register('manager_name')} />
        </FormField>
        <FormField label="Manager email" htmlFor="edit-company-manager-email" error={errors.manager_email?.message}>
          <TextInput id="edit-company-manager-email" type="email" invalid={Boolean(errors.manager_email)} {...register('manager_email')} />
        </FormField>
        <FormField label="Credit balance" htmlFor="edit-company-credits" error={errors.credit_balance?.message}>
          <TextInput id="edit-company-credits" type="number" min={0} invalid={Boolean(errors.credit_balance)} {...register('credit_balance')} />
        </FormField>
        {needsReason ? (
          <FormField label="Reason for the change" htmlFor="edit-company-credit-reason" error={errors.credit_reason?.message} hint="Required: kept in the company's credit history.">
            <TextInput id="edit-company-credit-reason" invalid={Boolean(errors.credit_reason)} {...register('credit_reason')} />
          </FormField>
        ) : null}
        <div className="admin-form__actions">
          <Button type="submit" loading={isSubmitting}>Save company</Button>
        </div>
      </form>
    </Card>
  );
}

function DepotForm({ api, companyId, depot, onDone }: { api: ApiClient; companyId: number; depot: Depot; onDone: (message?: string) => void }) {
  const [flash, setFlash] = useState<string | null>(null);
  const schema = useMemo(() => depotEditSchema(depot.credit_balance), [depot.credit_balance]);
  const { register, handleSubmit, setError, control, formState: { errors, isSubmitting } } = useForm<DepotValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: depot.name, email: depot.email ?? '', manager_name: depot.manager_name ?? '', manager_email: depot.manager_email ?? '', credit_balance: depot.credit_balance, credit_reason: '' },
  });
  const needsReason = isBalanceChanged(useWatch({ control, name: 'credit_balance' }), depot.credit_balance);
  const onSubmit = handleSubmit(async (values) => {
    setFlash(null);
    try {
      const response = await api.call(depotUpdate, { params: { companyId, depotId: depot.id }, body: withCreditReason(values, depot.credit_balance) });
      onDone(response.message);
    } catch (error) {
      setFlash(applyServerErrors(error, setError, ['name', 'email', 'manager_name', 'manager_email', 'credit_balance', 'credit_reason']));
    }
  });
  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Edit depot" id="depot-form">
      {flash ? <div className="admin-form__actions"><Notice tone="error">{flash}</Notice></div> : null}
      <FormField label="Depot name" htmlFor="depot-name" error={errors.name?.message}>
        <TextInput id="depot-name" invalid={Boolean(errors.name)} {...register('name')} />
      </FormField>
      <FormField label="Email" htmlFor="depot-email" error={errors.email?.message}>
        <TextInput id="depot-email" type="email" invalid={Boolean(errors.email)} {...register('email')} />
      </FormField>
      <FormField label="Manager name" htmlFor="depot-manager-name" error={errors.manager_name?.message}>
        <TextInput id="depot-manager-name" invalid={Boolean(errors.manager_name)} {...register('manager_name')} />
      </FormField>
      <FormField label="Manager email" htmlFor="depot-manager-email" error={errors.manager_email?.message}>
        <TextInput id="depot-manager-email" type="email" invalid={Boolean(errors.manager_email)} {...register('manager_email')} />
      </FormField>
      <FormField label="Credit balance" htmlFor="depot-credits" error={errors.credit_balance?.message}>
        <TextInput id="depot-credits" type="number" min={0} invalid={Boolean(errors.credit_balance)} {...register('credit_balance')} />
      </FormField>
      {needsReason ? (
        <FormField label="Reason for the change" htmlFor="depot-credit-reason" error={errors.credit_reason?.message} hint="Required: kept in the depot's credit history.">
          <TextInput id="depot-credit-reason" invalid={Boolean(errors.credit_reason)} {...register('credit_reason')} />
        </FormField>
      ) : null}
      <div className="admin-form__actions">
        <Button type="submit" loading={isSubmitting}>Save depot</Button>
        <Button type="button" variant="secondary" onClick={() => onDone()}>Cancel</Button>
      </div>
    </form>
  );
}

function DepotsCard({ api, companyId, depots, onChanged }: { api: ApiClient; companyId: number; depots: Depot[]; onChanged: (message: string) => void }) {
  const [editing, setEditing] = useState<Depot | null>(null);
  const [toDelete, setToDelete] = useState<Depot | null>(null);
  const columns: TableColumn<Depot>[] = [
    { key: 'name', header: 'Depot', render: (d) => d.name },
    { key: 'email', header: 'Email', render: (d) => d.email ?? '—' },
    { key: 'manager', header: 'Manager', render: (d) => d.manager_name ?? '—' },
    { key: 'credits', header: 'Credits', align: 'right', render: (d) => d.credit_balance },
    {
      key: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'right',
      render: (d) => (
        <div className="admin-row-actions">
          <Button variant="secondary" size="sm" onClick={() => setEditing(d)} aria-label={`Edit ${d.name}`}>Edit</Button>
          <Button variant="danger" size="sm" onClick={() => setToDelete(d)} aria-label={`Delete ${d.name}`}>Delete</Button>
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
      {flash ? <Notice tone="success" onDismiss={() => setFlash(null)} autoHideMs={5000}>{flash}</Notice> : null}
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
