import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { userCreate, type AdminUser, type ApiClient, type ExistingLearnerInfo } from '@portal/contracts';
import { newEmployeeSchema } from '@portal/contracts/schemas';
import { Button, Notice } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';
import { BoundField } from '@portal/frontend-kit/forms';
import { existingLearnerOf } from '../enrol-errors';
import { ExistingLearnerModal } from './existing-learner-modal';
import type { ChosenEmployee } from '../wizard-state';

type Values = z.input<typeof newEmployeeSchema>;

const chosenFrom = (user: Pick<AdminUser, 'id' | 'name' | 'email'>): ChosenEmployee => ({
  id: user.id,
  name: user.name,
  email: user.email,
  enrolled_course_ids: [],
});

/**
 * A new employee (spec §5): name required, email optional. The account is made at once
 * (POST /api/user) and joins the chosen learners; an email already used in the company opens
 * 'Whoops! this learner already exists'.
 */
export function NewEmployeeForm({
  api,
  companyId,
  courseIdsNamed,
  onAdd,
}: {
  api: ApiClient;
  /** The company or depot the learner belongs to. */
  companyId: number;
  /** Chosen course ids by course name, to mark what an existing learner already has. */
  courseIdsNamed: (names: readonly string[]) => number[];
  onAdd: (employee: ChosenEmployee) => void;
}) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [existing, setExisting] = useState<{ info: ExistingLearnerInfo; name: string; email: string | null } | null>(null);
  const [isAddingBlank, setIsAddingBlank] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof newEmployeeSchema>>({
    resolver: zodResolver(newEmployeeSchema),
    defaultValues: { name: '', email: '' },
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = form;

  function added(user: AdminUser, how: string) {
    onAdd(chosenFrom(user));
    reset({ name: '', email: '' });
    setNotice({ tone: 'success', text: `${user.name} ${how}` });
  }

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(userCreate, { body: { company_id: companyId, name: values.name, email: values.email ?? undefined } });
      added(response.data, 'was added to this enrolment.');
    } catch (error) {
      const info = existingLearnerOf(error);
      if (info) setExisting({ info, name: values.name, email: values.email ?? null });
      const message = applyServerErrors(error, setError, ['name', 'email']);
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  async function addWithBlankEmail() {
    if (!existing) return;
    setIsAddingBlank(true);
    try {
      const response = await api.call(userCreate, { body: { company_id: companyId, name: existing.name } });
      setExisting(null);
      added(
        response.data,
        `was added with a blank email: they sign in with their login code${response.data.login_code ? ` ${response.data.login_code}` : ''}.`,
      );
    } catch (error) {
      setExisting(null);
      const message = applyServerErrors(error, setError, ['name', 'email']);
      if (message) setNotice({ tone: 'error', text: message });
    } finally {
      setIsAddingBlank(false);
    }
  }

  function selectExisting() {
    if (!existing) return;
    const { info, email } = existing;
    onAdd({
      id: info.existing_user_id,
      name: info.existing_user_name,
      email,
      enrolled_course_ids: courseIdsNamed(info.existing_user_enrollments),
    });
    setExisting(null);
    reset({ name: '', email: '' });
    setNotice({ tone: 'success', text: `${info.existing_user_name} was added to this enrolment.` });
  }

  return (
    <form className="enrol-new-employee" onSubmit={onSubmit} noValidate aria-label="New employee">
      {notice ? (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)} {...(notice.tone === 'success' ? { autoHideMs: 5000 } : {})}>
          {notice.text}
        </Notice>
      ) : null}
      <BoundField form={form} name="name" id="new-employee-name" label="Name" autoComplete="off" />
      <BoundField
        form={form}
        name="email"
        id="new-employee-email"
        label="Email (optional)"
        hint="Without an email the learner signs in with a login code."
        type="email"
        autoComplete="off"
      />
      <div>
        <Button type="submit" loading={isSubmitting}>
          Add employee
        </Button>
      </div>
      <ExistingLearnerModal
        info={existing?.info ?? null}
        isAddingBlank={isAddingBlank}
        onSelectExisting={selectExisting}
        onAddBlank={() => void addWithBlankEmail()}
        onClose={() => setExisting(null)}
      />
    </form>
  );
}
