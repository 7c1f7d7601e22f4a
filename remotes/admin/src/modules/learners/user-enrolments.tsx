import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  adminDeleteEnrolment,
  adminEnrolUser,
  ApiError,
  ENROLLING_MESSAGES,
  formatDate,
  userEnrolments,
  type AdminEnrolment,
  type ApiClient,
} from '@portal/contracts';
import { manualPass, manualPassBodySchema } from '@portal/contracts/schemas';
import { Button, Card, FormField, Notice, StatusPill, Table, type CourseStatus, type TableColumn } from '@portal/design-system';
import { AnswersModal, applyServerErrors, LoadError, useApiQuery } from '@portal/frontend-kit';
import { BoundField } from '@portal/frontend-kit/forms';
import { ConfirmModal } from '../admin-ui/confirm-modal';
import { ReasonModal } from '../admin-ui/reason-modal';
import { WithdrawPassModal } from '../certificate/withdraw-pass-modal';
import { CoursePicker } from './course-picker';
import { enGbDate, enGbToIso } from './en-gb-date';
import './enrolments.css';

type Flash = { tone: 'success' | 'error'; text: string } | null;

const STATUS: Record<AdminEnrolment['status'], CourseStatus> = {
  not_started: 'not-started',
  in_progress: 'in-progress',
  passed: 'passed',
  failed: 'failed',
};

/** A passed enrolment past its expiry shows as Expired. */
function pillOf(enrolment: AdminEnrolment, now: Date): CourseStatus {
  if (enrolment.status === 'passed' && enrolment.expires_at && Date.parse(enrolment.expires_at) < now.getTime()) return 'expired';
  return STATUS[enrolment.status];
}

/** What a failure says on screen: the server's own refusal, or a short generic line. */
const shortError = (error: unknown, fallback: string) => (error instanceof ApiError && error.status < 500 ? error.message : fallback);

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

/** Force-enrol (POST /api/user/{id}/enroll): a course, optionally without credits, optionally already passed on a day. */
function ForceEnrolForm({ api, userId, onEnrolled }: { api: ApiClient; userId: number; onEnrolled: (message: string) => void }) {
  const [flash, setFlash] = useState<Flash>(null);
  const form = useForm<EnrolValues, unknown, z.output<typeof enrolFormSchema>>({
    resolver: zodResolver(enrolFormSchema),
    defaultValues: { course_id: undefined, force: false, pass_date: enGbDate(new Date()), send_pass_email: false },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const hasPassDate = useWatch({ control, name: 'pass_date' }).trim() !== '';
  const onSubmit = handleSubmit(async (values) => {
    setFlash(null);
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
      reset({ course_id: undefined, force: false, pass_date: enGbDate(new Date()), send_pass_email: false });
      onEnrolled(response.message || ENROLLING_MESSAGES.enrolled);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['course_id', 'force', 'pass_date', 'send_pass_email']);
      if (message) setFlash({ tone: 'error', text: message });
    }
  });
  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Enrol on a course">
      {flash ? (
        <div className="admin-form__actions">
          <Notice tone={flash.tone} onDismiss={() => setFlash(null)}>
            {flash.text}
          </Notice>
        </div>
      ) : null}
      <FormField label="Course" htmlFor="enrol-course" error={errors.course_id?.message}>
        <Controller
          control={control}
          name="course_id"
          render={({ field }) => (
            <CoursePicker
              api={api}
              id="enrol-course"
              value={typeof field.value === 'number' ? field.value : null}
              onChange={(id) => field.onChange(id ?? undefined)}
              invalid={Boolean(errors.course_id)}
            />
          )}
        />
      </FormField>
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
        <Button type="submit" loading={isSubmitting}>
          Enrol
        </Button>
      </div>
    </form>
  );
}

/** Manual pass: a required reason, kept with who and when. */
function ManualPassModal({
  api,
  enrollment: enrolment,
  onClose,
  onPassed,
}: {
  api: ApiClient;
  enrollment: AdminEnrolment | null;
  onClose: () => void;
  onPassed: (message: string) => void;
}) {
  return (
    <ReasonModal
      open={enrolment !== null}
      title="Mark as passed"
      confirmLabel="Mark as passed"
      schema={manualPassBodySchema}
      submit={async (values) => {
        if (!enrolment) throw new Error('The manual-pass modal submits only while it is open on an enrolment.');
        const response = await api.call(manualPass, { params: { enrollmentId: enrolment.id }, body: values });
        return response.message || ENROLLING_MESSAGES.markedPassed;
      }}
      failureText="The enrolment could not be marked as passed."
      logText="Failed to mark enrollment as passed"
      onClose={onClose}
      onDone={onPassed}
    >
      <p>
        Mark <strong>{enrolment?.course.name}</strong> as passed today? A certificate code is issued and the certificate runs from today.
      </p>
    </ReasonModal>
  );
}

/**
 * The learner's enrolments on the edit-learner screen (GET /api/user/{id}/allEnrollment) with the
 * admin's tools: force-enrol, manual pass and delete.
 */
export function UserEnrolments({
  api,
  userId,
  learnerName = 'Learner',
  onChanged,
}: {
  api: ApiClient;
  userId: number;
  /** The title of their answers. */ learnerName?: string;
  /** After any change (the certificates list reloads). */ onChanged?: () => void;
}) {
  const navigate = useNavigate();
  const [version, setVersion] = useState(0);
  const [flash, setFlash] = useState<Flash>(null);
  const [toPass, setToPass] = useState<AdminEnrolment | null>(null);
  const [toWithdraw, setToWithdraw] = useState<AdminEnrolment | null>(null);
  const [toDelete, setToDelete] = useState<AdminEnrolment | null>(null);
  const [answersOf, setAnswersOf] = useState<AdminEnrolment | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const enrolments = useApiQuery(`user-enrollments:${userId}:${version}`, () => api.call(userEnrolments, { params: { id: userId } }));
  const changed = (message: string) => {
    setFlash({ tone: 'success', text: message });
    setVersion((v) => v + 1);
    onChanged?.();
  };

  async function onDelete() {
    if (!toDelete) return;
    setDeleting(true);
    setFlash(null);
    try {
      const response = await api.call(adminDeleteEnrolment, { params: { id: userId, enrollmentId: toDelete.id } });
      if (response.remaining === 0) {
        void navigate('/admin');
        return;
      }
      const refund = response.refunded > 0 ? ` ${response.refunded} credit${response.refunded === 1 ? ' was' : 's were'} refunded.` : '';
      changed(`${response.message || ENROLLING_MESSAGES.deleted}${refund}`);
    } catch (error) {
      // Spec §8: a failed deletion is logged; the admin also sees a short line.
      console.error('Failed to delete enrollment', error);
      setFlash({ tone: 'error', text: shortError(error, 'The enrolment could not be deleted.') });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  const now = new Date();
  const columns: TableColumn<AdminEnrolment>[] = [
    { key: 'course', header: 'Course', render: (e) => e.course.name },
    { key: 'status', header: 'Status', render: (e) => <StatusPill status={pillOf(e, now)} /> },
    { key: 'created_at', header: 'Enrolled', render: (e) => formatDate(e.created_at) },
    { key: 'passed_at', header: 'Passed', render: (e) => formatDate(e.passed_at) || '—' },
    { key: 'expires_at', header: 'Expires', render: (e) => formatDate(e.expires_at) || '—' },
    {
      key: 'certificate',
      header: 'Certificate',
      render: (e) =>
        e.certificate_code ? (
          <a className="ds-link" href={`/verify?code=${encodeURIComponent(e.certificate_code)}`}>
            {e.certificate_code}
          </a>
        ) : (
          '—'
        ),
    },
    {
      key: 'manual_pass',
      header: 'Manual pass',
      render: (e) =>
        e.manual_pass ? (
          <span className="admin-manual-pass">
            By {e.manual_pass.by} on {formatDate(e.manual_pass.at)}: {e.manual_pass.reason}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'right',
      render: (e) => (
        <div className="admin-row-actions">
          {e.status !== 'not_started' ? (
            <Button variant="ghost" size="sm" onClick={() => setAnswersOf(e)} aria-label={`View answers of ${e.course.name}`}>
              View answers
            </Button>
          ) : null}
          {e.status === 'passed' ? (
            <Button variant="secondary" size="sm" onClick={() => setToWithdraw(e)} aria-label={`Withdraw the ${e.course.name} pass`}>
              Withdraw pass
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setToPass(e)} aria-label={`Mark ${e.course.name} as passed`}>
              Mark passed
            </Button>
          )}
          <Button variant="danger" size="sm" onClick={() => setToDelete(e)} aria-label={`Delete the ${e.course.name} enrolment`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Card title="Enrolments">
      <div className="admin-enrolments" data-testid="user-enrolments">
        {flash ? (
          <Notice tone={flash.tone} onDismiss={() => setFlash(null)} {...(flash.tone === 'success' ? { autoHideMs: 5000 } : {})}>
            {flash.text}
          </Notice>
        ) : null}
        {enrolments.status === 'error' ? <LoadError error={enrolments.error} onRetry={enrolments.reload} what="the enrolments" /> : null}
        <Table
          caption="Enrolments"
          columns={columns}
          rows={enrolments.status === 'success' ? enrolments.data.data : []}
          rowKey={(e) => e.id}
          loading={enrolments.status === 'loading'}
          emptyText="This learner has no enrolments yet."
        />
        <h3 className="admin-panel__title">Enrol on a course</h3>
        <ForceEnrolForm api={api} userId={userId} onEnrolled={changed} />
      </div>
      <ManualPassModal
        api={api}
        enrollment={toPass}
        onClose={() => setToPass(null)}
        onPassed={(message) => {
          setToPass(null);
          changed(message);
        }}
      />
      <WithdrawPassModal
        api={api}
        enrollment={toWithdraw}
        onClose={() => setToWithdraw(null)}
        onWithdrawn={(message) => {
          setToWithdraw(null);
          changed(message);
        }}
      />
      {answersOf ? (
        <AnswersModal
          api={api}
          enrollmentId={answersOf.id}
          learnerName={learnerName}
          courseName={answersOf.course.name}
          onClose={() => setAnswersOf(null)}
        />
      ) : null}
      <ConfirmModal
        open={toDelete !== null}
        title="Delete enrolment"
        confirmLabel="Delete enrolment"
        isBusy={isDeleting}
        onConfirm={() => void onDelete()}
        onClose={() => setToDelete(null)}
      >
        <p>Are you sure you want to delete the {toDelete?.course.name} enrolment? This action can not be undone.</p>
        <p>
          {toDelete?.status === 'not_started'
            ? 'Its progress goes with it, and if the company paid for it the credits are refunded to the company that paid.'
            : 'Its progress, result and certificate go with it; no credits are refunded once a course has been started.'}
        </p>
      </ConfirmModal>
    </Card>
  );
}
