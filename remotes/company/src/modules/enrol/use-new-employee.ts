import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { checkNewEmployee, type ApiClient, type RouteOutput } from '@portal/contracts';
import { newEmployeeSchema } from '@portal/contracts/schemas';
import { applyServerErrors } from '@portal/frontend-kit';
import type { Answer } from '../forms/answer-notice';
import type { ChosenEmployee, DraftEmployee } from './wizard-state';

type Values = z.input<typeof newEmployeeSchema>;
type Existing = NonNullable<RouteOutput<typeof checkNewEmployee>['data']['existing']>;

export const DRAFT_REPEAT = 'This person is already in this enrolment.';

let draftCount = 0;
const draftKey = () => `draft-${Date.now().toString(36)}-${(draftCount += 1)}`;

export interface NewEmployeeOptions {
  api: ApiClient;
  /** The company or depot the learner will belong to. */
  companyId: number;
  /** Chosen course ids by course name, to mark what an existing learner already has. */
  courseIdsNamed: (names: readonly string[]) => number[];
  /** Whether this person is already a draft of this enrolment. */
  isRepeat: (candidate: { name: string; email: string | null }) => boolean;
  onAdd: (employee: ChosenEmployee) => void;
  onAddNew: (draft: DraftEmployee) => void;
}

/**
 * The New employee form's steps: a repeat of this enrolment is refused at once, the server says
 * whether the person exists, and the manager picks the existing learner or adds a blank-email draft.
 */
export function useNewEmployee({ api, companyId, courseIdsNamed, isRepeat, onAdd, onAddNew }: NewEmployeeOptions) {
  const [notice, setNotice] = useState<Answer | null>(null);
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

  return {
    form,
    notice,
    dismissNotice: () => setNotice(null),
    isSubmitting,
    onSubmit,
    existing,
    addWithBlankEmail,
    selectExisting,
    closeExisting: () => setExisting(null),
  };
}
