import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch, type Control, type DefaultValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { adminEnrolUser, ApiError, ENROLLING_MESSAGES, type ApiClient } from '@portal/contracts';
import { Button, FormField, Notice } from '@portal/design-system';
import { applyServerErrors, useSiteSettings } from '@portal/frontend-kit';
import { SpendConfirmation } from '@portal/frontend-kit/credits';
import { BoundField } from '@portal/frontend-kit/forms';
import { CoursePicker } from './course-picker';
import { enGbDate, enGbToIso } from './en-gb-date';

const enrolFormSchema = z.object({
  course_id: z.number({ error: 'Choose a course.' }).int().positive('Choose a course.'),
  force: z.boolean(),
  // Shown and typed en-GB; sent as YYYY-MM-DD. Blank: enrol not started.
  pass_date: z
    .string()
    .trim()
    .refine((text) => text === '' || enGbToIso(text) !== null, 'Enter the date as DD/MM/YYYY.'),
  send_pass_email: z.boolean(),
});
type EnrolValues = z.input<typeof enrolFormSchema>;
type Enrolment = z.output<typeof enrolFormSchema>;

const blank = (): DefaultValues<EnrolValues> => ({
  course_id: undefined,
  force: false,
  pass_date: enGbDate(new Date()),
  send_pass_email: false,
});

/** A refused quote: the server's words (and its field messages), or a short line. */
function quoteErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500) return 'The cost of this enrolment could not be worked out.';
  return [...new Set([error.message, ...Object.values(error.fieldErrors).flat()])].join(' ');
}

/** The course to enrol on, picked by name. */
function CourseField({
  api,
  control,
  error,
}: {
  api: ApiClient;
  control: Control<EnrolValues, unknown, Enrolment>;
  error: string | undefined;
}) {
  return (
    <FormField label="Course" htmlFor="enrol-course" error={error}>
      <Controller
        control={control}
        name="course_id"
        render={({ field }) => (
          <CoursePicker
            api={api}
            id="enrol-course"
            value={typeof field.value === 'number' ? field.value : null}
            onChange={(id) => field.onChange(id ?? undefined)}
            invalid={Boolean(error)}
          />
        )}
      />
    </FormField>
  );
}

/** Sends the enrolment (once, however often it is clicked), and what it is asking first and has failed with. */
function useEnrolRequest({
  api,
  userId,
  form,
  onEnrolled,
}: {
  api: ApiClient;
  userId: number;
  form: Pick<UseFormReturn<EnrolValues, unknown, Enrolment>, 'setError' | 'reset'>;
  onEnrolled: (message: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<Enrolment | null>(null);
  const [isSending, setSending] = useState(false);
  // The state above changes a render later; a ref stops a double click at once.
  const inFlight = useRef(false);
  const { setError, reset } = form;

  async function send(values: Enrolment) {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    const passDate = values.pass_date === '' ? null : enGbToIso(values.pass_date);
    try {
      const response = await api.call(adminEnrolUser, {
        params: { id: userId },
        body: {
          course_id: values.course_id,
          force: values.force,
          ...(passDate ? { pass_date: passDate, send_pass_email: values.send_pass_email } : {}),
        },
      });
      reset(blank());
      onEnrolled(response.message || ENROLLING_MESSAGES.enrolled);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['course_id', 'force', 'pass_date', 'send_pass_email']);
      if (message) setFailure(message);
    } finally {
      inFlight.current = false;
      setSending(false);
      setAsking(null);
    }
  }

  return { failure, setFailure, asking, setAsking, isSending, send };
}

/**
 * Enrol on a course (POST /api/user/{id}/enroll): a course, optionally without credits, optionally
 * already passed on a day. Unless forced it spends the learner's company's credits, so it asks
 * first (issue 32): the confirmation prices it with companyEnrolQuote for the learner's company —
 * the same quote of the enrol use case the admin's enrol runs (decisions.md "The admin's enrol asks
 * first"). A forced enrol spends nothing and goes straight through.
 */
export function ForceEnrolForm({
  api,
  userId,
  companyId,
  onEnrolled,
}: {
  api: ApiClient;
  userId: number;
  /** The learner's company: the one whose credits pay. */
  companyId: number;
  onEnrolled: (message: string) => void;
}) {
  const { credit_purchase_url: creditPurchaseUrl } = useSiteSettings();
  const form = useForm<EnrolValues, unknown, Enrolment>({ resolver: zodResolver(enrolFormSchema), defaultValues: blank() });
  const { control, register, handleSubmit, formState } = form;
  const { errors } = formState;
  const hasPassDate = useWatch({ control, name: 'pass_date' }).trim() !== '';
  const { failure, setFailure, asking, setAsking, isSending, send } = useEnrolRequest({ api, userId, form, onEnrolled });

  // Built in the event, not during render: `send` reads the in-flight ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    handleSubmit(async (values) => {
      setFailure(null);
      if (values.force) await send(values);
      else setAsking(values);
    })(event);
  return (
    <>
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Enrol on a course">
        {failure ? (
          <div className="admin-form__actions">
            <Notice tone="error" onDismiss={() => setFailure(null)}>
              {failure}
            </Notice>
          </div>
        ) : null}
        <CourseField api={api} control={control} error={errors.course_id?.message} />
        <BoundField
          form={form}
          name="pass_date"
          id="enrol-pass-date"
          label="Pass date"
          hint="DD/MM/YYYY. Enrols the learner as passed on this day; leave blank to enrol them not started."
          inputMode="numeric"
          placeholder="DD/MM/YYYY"
        />
        <div className="admin-form__actions">
          <label className="admin-check">
            <input type="checkbox" {...register('force')} />
            <span>Force: enrol without spending credits</span>
          </label>
          <label className="admin-check">
            <input type="checkbox" disabled={!hasPassDate} {...register('send_pass_email')} />
            <span>Send pass email</span>
          </label>
        </div>
        <div className="admin-form__actions">
          <Button type="submit" loading={formState.isSubmitting || isSending} disabled={asking !== null}>
            Enrol
          </Button>
        </div>
      </form>
      {asking ? (
        <SpendConfirmation
          api={api}
          request={{ companyId, body: { courses: [asking.course_id], users: [userId] } }}
          title={asking.pass_date ? 'Enrol this learner as passed?' : 'Enrol this learner?'}
          action="Enrol"
          isConfirming={isSending}
          creditPurchaseUrl={creditPurchaseUrl}
          onConfirm={() => void send(asking)}
          onCancel={() => setAsking(null)}
          errorText={quoteErrorText}
          namesPayer
        />
      ) : null}
    </>
  );
}
