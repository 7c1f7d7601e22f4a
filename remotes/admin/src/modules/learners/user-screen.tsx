import { useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { userChangeCompany, userCreate, userGet, userUpdate, type AdminUser, type ApiClient } from '@portal/contracts';
import { userCreateBodySchema, userUpdateBodySchema } from '@portal/contracts/schemas';
import { Button, Card, FormField, Notice, PageHeader, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { CompanyPicker } from '@portal/frontend-kit/pickers';
import { FormCard, useServerSubmit } from '@portal/frontend-kit/form-card';
import { BoundField } from '@portal/frontend-kit/forms';
import { GoBack } from '../admin-ui/go-back';
import { UserEnrolments } from './user-enrolments';
import { UserCertificates } from '../certificate/user-certificates';
import { AnonymiseCard } from '../audit/anonymise-card';

type CreateValues = z.input<typeof userCreateBodySchema>;
type UpdateValues = z.input<typeof userUpdateBodySchema>;
type Flash = { tone: 'success' | 'error'; text: string } | null;

function RoleSelect(props: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className="ds-input admin-select" {...props}>
      <option value="learner">Learner</option>
      <option value="manager">Manager</option>
    </select>
  );
}

/** Add user (POST /api/user): default role learner; 'Email is required for manager role' before sending. */
export function AddUserScreen({ api }: { api: ApiClient }) {
  const form = useForm<CreateValues, unknown, z.output<typeof userCreateBodySchema>>({
    resolver: zodResolver(userCreateBodySchema),
    defaultValues: { name: '', email: '', password: '', login_code: '', role: 'learner', company_id: undefined },
  });
  const { notice, dismissNotice, onSubmit } = useServerSubmit(form, {
    fields: ['name', 'email', 'password', 'login_code', 'role', 'company_id'],
    send: async (values) => {
      const response = await api.call(userCreate, { body: values });
      form.reset();
      const code = response.data.login_code ? `Login code: ${response.data.login_code}.` : '';
      return { tone: 'success', text: `${response.message} ${code}`.trim() };
    },
  });
  return (
    <div className="admin-screen" data-testid="add-user">
      <GoBack tab="learners" />
      <PageHeader title="Add user" />
      <FormCard
        label="Add user"
        notice={notice}
        onDismissNotice={dismissNotice}
        onSubmit={onSubmit}
        submitLabel="Add user"
        isSubmitting={form.formState.isSubmitting}
      >
        <BoundField form={form} name="name" id="user-name" label="Name" />
        <BoundField form={form} name="email" id="user-email" label="Email" hint="Optional for learners." type="email" />
        <BoundField form={form} name="role" id="user-role" label="Role">
          {(control) => <RoleSelect {...control} />}
        </BoundField>
        <CompanyField api={api} form={form} />
        <BoundField
          form={form}
          name="password"
          id="user-password"
          label="Password"
          hint="Optional: learners can sign in with their login code."
          type="password"
          autoComplete="new-password"
        />
        <BoundField
          form={form}
          name="login_code"
          id="user-login-code"
          label="Login code"
          hint="Leave blank to generate one for a learner."
        />
      </FormCard>
    </div>
  );
}

/** The new user's company, picked by name. */
function CompanyField({ api, form }: { api: ApiClient; form: Pick<UseFormReturn<CreateValues>, 'control' | 'formState'> }) {
  const error = form.formState.errors.company_id;
  return (
    <FormField label="Company" htmlFor="user-company" error={error?.message}>
      <Controller
        control={form.control}
        name="company_id"
        render={({ field }) => (
          <CompanyPicker
            api={api}
            id="user-company"
            value={typeof field.value === 'number' ? field.value : null}
            onChange={(id) => field.onChange(id ?? undefined)}
            invalid={Boolean(error)}
          />
        )}
      />
    </FormField>
  );
}

function EditUserForm({ api, user }: { api: ApiClient; user: AdminUser }) {
  const form = useForm<UpdateValues, unknown, z.output<typeof userUpdateBodySchema>>({
    resolver: zodResolver(userUpdateBodySchema),
    defaultValues: {
      name: user.name,
      email: user.email ?? '',
      password: '',
      login_code: user.login_code ?? '',
      ...(user.role === 'admin' ? {} : { role: user.role }),
    },
  });
  const { notice, dismissNotice, onSubmit } = useServerSubmit(form, {
    fields: ['name', 'email', 'password', 'login_code', 'role'],
    send: async (values) => ({ tone: 'success', text: (await api.call(userUpdate, { params: { id: user.id }, body: values })).message }),
  });
  return (
    <FormCard
      title="Details"
      label="Edit user"
      notice={notice}
      onDismissNotice={dismissNotice}
      onSubmit={onSubmit}
      submitLabel="Save user"
      isSubmitting={form.formState.isSubmitting}
    >
      <BoundField form={form} name="name" id="edit-name" label="Name" />
      <BoundField form={form} name="email" id="edit-email" label="Email" type="email" />
      {user.role === 'admin' ? null : (
        <BoundField form={form} name="role" id="edit-role" label="Role">
          {(control) => <RoleSelect {...control} />}
        </BoundField>
      )}
      <BoundField form={form} name="login_code" id="edit-login-code" label="Login code" />
      <BoundField
        form={form}
        name="password"
        id="edit-password"
        label="New password"
        hint="Leave blank to keep the current password."
        type="password"
        autoComplete="new-password"
      />
    </FormCard>
  );
}

function ChangeCompany({ api, user, onSaved }: { api: ApiClient; user: AdminUser; onSaved: (message: string) => void }) {
  const [companyId, setCompanyId] = useState<number | null>(user.company_id);
  const [flash, setFlash] = useState<Flash>(null);
  const [isSaving, setSaving] = useState(false);
  async function onSave() {
    if (companyId === null) return;
    setSaving(true);
    setFlash(null);
    try {
      const response = await api.call(userChangeCompany, { params: { id: user.id }, body: { company_id: companyId } });
      onSaved(response.message);
    } catch (error) {
      setFlash({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card title="Company">
      <div className="admin-form">
        {flash ? (
          <div className="admin-form__actions">
            <Notice tone={flash.tone} onDismiss={() => setFlash(null)}>
              {flash.text}
            </Notice>
          </div>
        ) : null}
        <FormField label="Company" htmlFor="change-company" hint={`Currently ${user.company_name}.`}>
          <CompanyPicker api={api} id="change-company" value={companyId} onChange={setCompanyId} />
        </FormField>
        <div className="admin-form__actions">
          <Button
            variant="secondary"
            loading={isSaving}
            disabled={companyId === null || companyId === user.company_id}
            onClick={() => void onSave()}
          >
            Change company
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** Edit learner (PATCH /api/user/{id}), change company (POST /api/user/{id}/company) and their enrolments. */
export function EditUserScreen({ api, id }: { api: ApiClient; id: number }) {
  const [version, setVersion] = useState(0);
  const [certificatesVersion, setCertificatesVersion] = useState(0);
  const [flash, setFlash] = useState<string | null>(null);
  const user = useApiQuery(`user:${id}:${version}`, () => api.call(userGet, { params: { id } }));
  return (
    <div className="admin-screen" data-testid="edit-user">
      <GoBack tab="learners" />
      <PageHeader
        title={user.status === 'success' ? `Edit ${user.data.data.name}` : 'Edit user'}
        subtitle={user.status === 'success' ? user.data.data.company_name : undefined}
      />
      {flash ? (
        <Notice tone="success" onDismiss={() => setFlash(null)} autoHideMs={5000}>
          {flash}
        </Notice>
      ) : null}
      {user.status === 'loading' ? <SkeletonBlock height={200} /> : null}
      {user.status === 'error' ? <LoadError error={user.error} onRetry={user.reload} what="this user" /> : null}
      {user.status === 'success' ? (
        <>
          <EditUserForm key={`form-${id}`} api={api} user={user.data.data} />
          <ChangeCompany
            key={`company-${version}`}
            api={api}
            user={user.data.data}
            onSaved={(message) => {
              setFlash(message);
              setVersion((v) => v + 1);
            }}
          />
          <UserEnrolments
            key={`enrolments-${id}`}
            api={api}
            userId={id}
            companyId={user.data.data.company_id}
            learnerName={user.data.data.name}
            onChanged={() => setCertificatesVersion((v) => v + 1)}
          />
          <UserCertificates key={`certificates-${id}-${certificatesVersion}`} api={api} userId={id} />
          <AnonymiseCard
            key={`anonymise-${version}`}
            api={api}
            user={user.data.data}
            onDone={(message) => {
              setFlash(message);
              setVersion((v) => v + 1);
            }}
          />
        </>
      ) : null}
    </div>
  );
}
