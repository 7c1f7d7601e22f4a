import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { editEnrolment, enrolmentForEdit, REPORTING_MESSAGES, REPORTING_STATUS_LABELS, type ApiClient } from '@portal/contracts';
import { editEnrolmentBodySchema } from '@portal/contracts/schemas';
import { ButtonLink, Card, Notice, PageHeader, SkeletonBlock } from '@portal/design-system';
import { applyServerErrors, LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { DeleteEnrolmentSection } from '../modules/reporting/components/delete-enrolment-section';
import { EditEnrolmentFields, type EditedEnrolment } from '../modules/reporting/components/edit-enrolment-fields';
import type { ReportingNotice } from '../modules/reporting/reporting-notice';
import '../modules/reporting/reporting.css';

type Values = z.input<typeof editEnrolmentBodySchema>;

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

function EditEnrolmentForm({ api, enrolment }: { api: ApiClient; enrolment: EditedEnrolment }) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
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

  return (
    <Card title={`${enrolment.learner.name} · ${enrolment.course.name}`}>
      <p className="reporting-muted">
        Status: {REPORTING_STATUS_LABELS[enrolment.status]}
        {enrolment.learner.login_code ? ` · Login code ${enrolment.learner.login_code}` : ''}
      </p>
      {!enrolment.editable ? <Notice tone="info">{REPORTING_MESSAGES.onlyNotStarted}</Notice> : null}
      <form className="edit-enrolment__form" onSubmit={onSubmit} noValidate aria-label="Edit enrolment">
        {notice ? (
          <Notice tone="error" onDismiss={() => setNotice(null)}>
            {notice}
          </Notice>
        ) : null}
        <EditEnrolmentFields form={form} enrolment={enrolment} isSubmitting={isSubmitting} />
      </form>
      <DeleteEnrolmentSection api={api} enrolment={enrolment} onDeleted={(text) => void backWith(text)} onFailed={setNotice} />
    </Card>
  );
}
