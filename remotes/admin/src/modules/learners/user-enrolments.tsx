import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  adminDeleteEnrolment,
  ApiError,
  ENROLLING_MESSAGES,
  formatDate,
  userEnrolments,
  type AdminEnrolment,
  type ApiClient,
} from '@portal/contracts';
import { manualPass, manualPassBodySchema } from '@portal/contracts/schemas';
import { Button, Card, Notice, StatusPill, Table, type CourseStatus, type TableColumn } from '@portal/design-system';
import { AnswersModal, LoadError, useApiQuery } from '@portal/frontend-kit';
import { ConfirmModal } from '@portal/frontend-kit/confirm';
import { ReasonModal } from '../admin-ui/reason-modal';
import { WithdrawPassModal } from '../certificate/withdraw-pass-modal';
import { ForceEnrolForm } from './force-enrol-form';
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

/** The enrolments' columns: the course's state and dates, and the admin's tools in the last. */
function enrolmentColumns({
  now,
  onAnswers,
  onWithdraw,
  onPass,
  onDelete,
}: {
  now: Date;
  onAnswers: (enrolment: AdminEnrolment) => void;
  onWithdraw: (enrolment: AdminEnrolment) => void;
  onPass: (enrolment: AdminEnrolment) => void;
  onDelete: (enrolment: AdminEnrolment) => void;
}): TableColumn<AdminEnrolment>[] {
  return [
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
            <Button variant="ghost" size="sm" onClick={() => onAnswers(e)} aria-label={`View answers of ${e.course.name}`}>
              View answers
            </Button>
          ) : null}
          {e.status === 'passed' ? (
            <Button variant="secondary" size="sm" onClick={() => onWithdraw(e)} aria-label={`Withdraw the ${e.course.name} pass`}>
              Withdraw pass
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => onPass(e)} aria-label={`Mark ${e.course.name} as passed`}>
              Mark passed
            </Button>
          )}
          <Button variant="danger" size="sm" onClick={() => onDelete(e)} aria-label={`Delete the ${e.course.name} enrolment`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
}

/** Asks before an enrolment goes, saying what goes with it and whether credits come back. */
function DeleteEnrolmentModal({
  enrolment,
  isBusy,
  onConfirm,
  onClose,
}: {
  enrolment: AdminEnrolment | null;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmModal
      open={enrolment !== null}
      title="Delete enrolment"
      confirmLabel="Delete enrolment"
      isBusy={isBusy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>Are you sure you want to delete the {enrolment?.course.name} enrolment? This action can not be undone.</p>
      <p>
        {enrolment?.status === 'not_started'
          ? 'Its progress goes with it, and if the company paid for it the credits are refunded to the company that paid.'
          : 'Its progress, result and certificate go with it; no credits are refunded once a course has been started.'}
      </p>
    </ConfirmModal>
  );
}

/** The enrolment about to be deleted and its request: the learner's last one leaves for the dashboard. */
function useEnrolmentDeletion({
  api,
  userId,
  changed,
  setFlash,
  navigate,
}: {
  api: ApiClient;
  userId: number;
  changed: (message: string) => void;
  setFlash: (flash: Flash) => void;
  navigate: (to: string) => void | Promise<void>;
}) {
  const [toDelete, setToDelete] = useState<AdminEnrolment | null>(null);
  const [isDeleting, setDeleting] = useState(false);

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

  return { toDelete, setToDelete, isDeleting, onDelete };
}

interface UserEnrolmentsProps {
  api: ApiClient;
  userId: number;
  /** The learner's company: its credits pay for an enrol that is not forced. */
  companyId: number;
  /** The title of their answers. */
  learnerName?: string;
  /** After any change (the certificates list reloads). */
  onChanged?: () => void;
}

/**
 * The learner's enrolments on the edit-learner screen (GET /api/user/{id}/allEnrollment) with the
 * admin's tools: force-enrol, manual pass and delete.
 */
export function UserEnrolments({ api, userId, companyId, learnerName = 'Learner', onChanged }: UserEnrolmentsProps) {
  const navigate = useNavigate();
  const [version, setVersion] = useState(0);
  const [flash, setFlash] = useState<Flash>(null);
  const [toPass, setToPass] = useState<AdminEnrolment | null>(null);
  const [toWithdraw, setToWithdraw] = useState<AdminEnrolment | null>(null);
  const [answersOf, setAnswersOf] = useState<AdminEnrolment | null>(null);
  const enrolments = useApiQuery(`user-enrollments:${userId}:${version}`, () => api.call(userEnrolments, { params: { id: userId } }));
  const changed = (message: string) => {
    setFlash({ tone: 'success', text: message });
    setVersion((v) => v + 1);
    onChanged?.();
  };
  const { toDelete, setToDelete, isDeleting, onDelete } = useEnrolmentDeletion({ api, userId, changed, setFlash, navigate });

  const columns = enrolmentColumns({
    now: new Date(),
    onAnswers: setAnswersOf,
    onWithdraw: setToWithdraw,
    onPass: setToPass,
    onDelete: setToDelete,
  });

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
        <ForceEnrolForm api={api} userId={userId} companyId={companyId} onEnrolled={changed} />
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
          enrolmentId={answersOf.id}
          learnerName={learnerName}
          courseName={answersOf.course.name}
          onClose={() => setAnswersOf(null)}
        />
      ) : null}
      <DeleteEnrolmentModal enrolment={toDelete} isBusy={isDeleting} onConfirm={() => void onDelete()} onClose={() => setToDelete(null)} />
    </Card>
  );
}
