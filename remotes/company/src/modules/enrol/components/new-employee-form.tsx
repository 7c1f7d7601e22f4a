import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { checkNewEmployee, type ApiClient, type RouteOutput } from '@portal/contracts';
import { newEmployeeSchema } from '@portal/contracts/schemas';
import { Button, Notice } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';
import { BoundField } from '@portal/frontend-kit/forms';
import { ExistingLearnerModal } from './existing-learner-modal';
import type { ChosenEmployee, DraftEmployee } from '../wizard-state';

type Values = z.input<typeof newEmployeeSchema>;
type Existing = NonNullable<RouteOutput<typeof checkNewEmployee>['data']['existing']>;

export const DRAFT_REPEAT = 'This person is already in this enrolment.';

let draftCount = 0;
const draftKey = () => `draft-${Date.now().toString(36)}-${(draftCount += 1)}`;

/**
 * A new employee (spec §5): name required, email optional. Nothing is created here (issue 32 item
 * 1): the server is asked who they are, and a new person joins the chosen learners as a draft that
 * Finalise makes into an account. The same email — or, without one, the same name — as a learner of
 * the company or its depots opens 'Whoops! this learner already exists'.
 */
export function NewEmployeeForm({
  api,
  companyId,
  courseIdsNamed,
  isRepeat,
  onAdd,
  onAddNew,
}: {
  api: ApiClient;
  /** The company or depot the learner will belong to. */
  companyId: number;
  /** Chosen course ids by course name, to mark what an existing learner already has. */
  courseIdsNamed: (names: readonly string[]) => number[];
  /** Whether this person is already a draft of this enrolment. */
  isRepeat: (candidate: { name: string; email: string | null }) => boolean;
  onAdd: (employee: ChosenEmployee) => void;
  onAddNew: (draft: DraftEmployee) => void;
}) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [existing, setExisting] = useState<{ info: Existing; name: string } | null>(null);
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

  function addDraft(name: string, email: string | null, how: string) {
    onAddNew({ key: draftKey(), name, email });
    reset({ name: '', email: '' });
    setNotice({ tone: 'success', text: `${name} ${how}` });
  }

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    const email = values.email ?? null;
    if (isRepeat({ name: values.name, email })) {
      setError(email ? 'email' : 'name', { message: DRAFT_REPEAT });
      return;
    }
    try {
      const answer = await api.call(checkNewEmployee, { params: { companyId }, body: { name: values.name, ...(email ? { email } : {}) } });
      if (answer.data.existing) setExisting({ info: answer.data.existing, name: values.name });
      else addDraft(values.name, email, 'will be added when you finalise this enrolment.');
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'email']);
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  function addWithBlankEmail() {
    if (!existing) return;
    const { name } = existing;
    setExisting(null);
    if (isRepeat({ name, email: null })) {
      setError('name', { message: DRAFT_REPEAT });
      return;
    }
    addDraft(name, null, 'will be added with a blank email when you finalise: they sign in with a login code.');
  }

  function selectExisting() {
    if (!existing) return;
    const { info } = existing;
    onAdd({
      id: info.existing_user_id,
      name: info.existing_user_name,
      email: info.existing_user_email,
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
        hint="Without an email the learner signs in with a login code. The account is made when you finalise."
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
        isAddingBlank={false}
        onSelectExisting={selectExisting}
        onAddBlank={addWithBlankEmail}
        onClose={() => setExisting(null)}
      />
    </form>
  );
}
