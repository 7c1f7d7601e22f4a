import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { companyCreate, companyGet, companyUpdate, type AdminCompany, type ApiClient } from '@portal/contracts';
import { companyCreateBodySchema, companyUpdateBodySchema } from '@portal/contracts/schemas';
import { Notice, PageHeader, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { FormCard, useServerSubmit } from '@portal/frontend-kit/form-card';
import { BoundField } from '@portal/frontend-kit/forms';
import { GoBack } from '../admin-ui/go-back';
import { CREDIT_HOLDER_FIELDS, CreditHolderFields } from './credit-holder-fields';
import { creditReasonInput, requireCreditReason, withCreditReason } from './credit-reason';
import { DepotsCard } from './depots-card';

type CreateValues = z.input<typeof companyCreateBodySchema>;
/** The edit form asks for a reason beside a changed credit balance (it becomes the ledger's adjustment row). */
const companyEditSchema = (saved: number) =>
  companyUpdateBodySchema.extend({ credit_reason: creditReasonInput }).superRefine(requireCreditReason(saved));
type UpdateValues = z.input<ReturnType<typeof companyEditSchema>>;

/** Add company (POST /api/company/createCompanyAndUser): the generated manager password is shown once. */
export function AddCompanyScreen({ api }: { api: ApiClient }) {
  const [created, setCreated] = useState<{ name: string; email: string; password: string } | null>(null);
  const form = useForm<CreateValues, unknown, z.output<typeof companyCreateBodySchema>>({
    resolver: zodResolver(companyCreateBodySchema),
    defaultValues: { name: '', email: '', manager_name: '', manager_email: '', credit_balance: 0 },
  });
  const { notice, dismissNotice, onSubmit } = useServerSubmit(form, {
    fields: ['name', 'email', 'manager_name', 'manager_email', 'credit_balance', 'parent_id'],
    send: async (values) => {
      setCreated(null);
      const response = await api.call(companyCreate, { body: values });
      setCreated({ name: response.data.name, email: values.manager_email, password: response.password });
      form.reset();
    },
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
      <FormCard
        label="Add company"
        notice={notice}
        onDismissNotice={dismissNotice}
        onSubmit={onSubmit}
        submitLabel="Add company"
        isSubmitting={form.formState.isSubmitting}
      >
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
      </FormCard>
    </div>
  );
}

function EditCompanyForm({ api, company, onSaved }: { api: ApiClient; company: AdminCompany; onSaved: (message: string) => void }) {
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
  const { notice, dismissNotice, onSubmit } = useServerSubmit(form, {
    fields: [...CREDIT_HOLDER_FIELDS, 'parent_id'],
    send: async (values) => {
      const body = withCreditReason(values, company.credit_balance);
      onSaved((await api.call(companyUpdate, { params: { companyId: company.id }, body })).message);
    },
  });
  return (
    <FormCard
      title="Company details"
      label="Edit company"
      notice={notice}
      onDismissNotice={dismissNotice}
      onSubmit={onSubmit}
      submitLabel="Save company"
      isSubmitting={form.formState.isSubmitting}
    >
      <CreditHolderFields
        form={form}
        idPrefix="edit-company"
        nameLabel="Company name"
        emailLabel="Company email"
        savedBalance={company.credit_balance}
        reasonHint="Required: kept in the company's credit history."
      />
    </FormCard>
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
