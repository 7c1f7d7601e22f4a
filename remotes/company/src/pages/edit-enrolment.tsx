import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  ApiError,
  deleteEnrolment,
  editEnrolment,
  enrolmentForEdit,
  REPORTING_MESSAGES,
  REPORTING_STATUS_LABELS,
  type ApiClient,
  type RouteOutput,
} from '@portal/contracts';
import { editEnrolmentBodySchema } from '@portal/contracts/schemas';
import { Button, ButtonLink, Card, Modal, Notice, PageHeader, SkeletonBlock } from '@portal/design-system';
import { announceCreditBalanceChanged, applyServerErrors, LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { BoundField } from '@portal/frontend-kit/forms';
import type { ReportingNotice } from '../modules/reporting/reporting-notice';
import '../modules/reporting/reporting.css';

type Values = z.input<typeof editEnrolmentBodySchema>;
type Enrolment = RouteOutput<typeof enrolmentForEdit>['data'];

/** Edit enrolment (spec §2): name, optional email and depot; delete with refund while not started; back to /reporting. */
export default function EditEnrolment({ api }: RemotePageProps) {
  const { id } = useParams();
  const enrolmentId = Number(id);
  const isValidId = Number.isSafeInteger(enrolmentId) && enrolmentId > 0;
  const query = useApiQuery(isValidId ? `enrolment:${enrolmentId}` : null, () =>
    api.call(enrolmentForEdit, { params: { id: enrolmentId } }),
  );

  return (
    <div className="edit-enrolment" data-testid="edit-enrolment">
      <PageHeader
        title="Edit enrolment"
        actions={
          <ButtonLink href="/reporting" variant="ghost">
            Back to enrolments
          </ButtonLink>
        }
      />
      {!isValidId ? <Notice tone="error">This enrolment does not exist.</Notice> : null}
      {isValidId && query.status === 'loading' ? <SkeletonBlock height="240px" /> : null}
      {query.status === 'error' ? <LoadError error={query.error} onRetry={query.reload} what="this enrolment" /> : null}
      {query.status === 'success' ? <EditEnrolmentForm api={api} enrolment={query.data.data} /> : null}
    </div>
  );
}

function EditEnrolmentForm({ api, enrolment }: { api: ApiClient; enrolment: Enrolment }) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof editEnrolmentBodySchema>>({
    resolver: zodResolver(editEnrolmentBodySchema),
    defaultValues: { name: enrolment.learner.name, email: enrolment.learner.email ?? '', depot: enrolment.depot },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const backWith = (text: string) =>
    navigate('/reporting', { state: { reportingNotice: { tone: 'success', text } satisfies ReportingNotice } });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const answer = await api.call(editEnrolment, { params: { id: enrolment.id }, body: values });
      backWith(answer.message);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'email', 'depot']);
      if (message) setNotice(message);
    }
  });

  async function onDelete() {
    setDeleting(true);
    try {
      const answer = await api.call(deleteEnrolment, { params: { id: enrolment.id } });
      announceCreditBalanceChanged();
      backWith(answer.message);
    } catch (error) {
      setNotice(error instanceof ApiError && error.status < 500 ? error.message : 'An error occurred while deleting the enrolment.');
    } finally {
      // Spec §4: the modal closes when the request finishes, whether it succeeded or failed.
      setDeleting(false);
      setConfirming(false);
    }
  }

  const { editable } = enrolment;
  return (
    <Card title={`${enrolment.learner.name} · ${enrolment.course.name}`}>
      <p className="reporting-muted">
        Status: {REPORTING_STATUS_LABELS[enrolment.status]}
        {enrolment.learner.login_code ? ` · Login code ${enrolment.learner.login_code}` : ''}
      </p>
      {!editable ? <Notice tone="info">{REPORTING_MESSAGES.onlyNotStarted}</Notice> : null}
      <form className="edit-enrolment__form" onSubmit={onSubmit} noValidate aria-label="Edit enrolment">
        {notice ? (
          <Notice tone="error" onDismiss={() => setNotice(null)}>
            {notice}
          </Notice>
        ) : null}
        <fieldset disabled={!editable} className="edit-enrolment__form">
          <BoundField form={form} name="name" id="enrolment-name" label="Name" autoComplete="off" />
          <BoundField
            form={form}
            name="email"
            id="enrolment-email"
            label="Email (optional)"
            hint="Without an email the learner signs in with their login code."
            type="email"
            autoComplete="off"
          />
          {enrolment.depots.length > 1 ? (
            <BoundField form={form} name="depot" id="enrolment-depot" label="Depot" registerOptions={{ valueAsNumber: true }}>
              {(control) => (
                <select className="ds-input" {...control}>
                  {enrolment.depots.map((depot) => (
                    <option key={depot.id} value={depot.id}>
                      {depot.name}
                    </option>
                  ))}
                </select>
              )}
            </BoundField>
          ) : null}
          <div className="edit-enrolment__buttons">
            <Button type="submit" loading={isSubmitting}>
              Save changes
            </Button>
            <ButtonLink href="/reporting" variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </fieldset>
      </form>
      <section className="edit-enrolment__danger" aria-label="Delete enrolment">
        <p className="reporting-muted">
          Deleting an enrolment is only available if the employee has not started the course. Its credits are refunded to your balance.
        </p>
        <Button variant="danger" disabled={!editable} onClick={() => setConfirming(true)}>
          Delete enrolment
        </Button>
      </section>
      <Modal
        open={isConfirming}
        title="Delete enrolment"
        onClose={() => !isDeleting && setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" disabled={isDeleting} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={isDeleting} onClick={() => void onDelete()}>
              Delete and refund
            </Button>
          </>
        }
      >
        <p>
          Delete the enrolment of {enrolment.learner.name} on {enrolment.course.name}? The credits it cost are refunded to your balance.
          This cannot be undone.
        </p>
      </Modal>
    </Card>
  );
}
