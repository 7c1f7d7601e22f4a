import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, completeActivity, formatDate, type ApiClient, type LearnerActivity } from '@portal/contracts';
import { activityCodeBody } from '@portal/contracts/schemas';
import { Button, Notice } from '@portal/design-system';
import { BoundField } from '@portal/frontend-kit/forms';
import { Attachment } from './attachment';

/** One course activity: name, Complete marker, description, attachment and the Activity Code form (spec §2). */
export function ActivityCard({
  api,
  enrolmentId,
  activity,
  isFocused,
  onCompleted,
}: {
  api: ApiClient;
  enrolmentId: string;
  activity: LearnerActivity;
  isFocused: boolean;
  onCompleted: (activity: LearnerActivity, message: string) => void;
}) {
  const { id, completed_at: completedAt, activity_template: template } = activity;
  const inputId = `activity-${id}-code`;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ resolver: zodResolver(activityCodeBody), defaultValues: { code: '' } });

  const submit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      // Sent exactly as typed.
      const result = await api.call(completeActivity, { params: { enrollmentId: enrolmentId, activityId: id }, body: { code } });
      onCompleted(result.activity, result.message);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.code) form.setError('code', { message: error.fieldErrors.code[0] });
      else setFormError(error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong. Please try again.');
    } finally {
      form.setValue('code', '');
    }
  });

  return (
    <article
      id={`activity-${id}`}
      className={`activity${completedAt ? ' activity--complete' : ''}${isFocused ? ' activity--focused' : ''}`}
      aria-labelledby={`activity-${id}-title`}
      data-testid="activity"
      data-completed={completedAt ? 'true' : 'false'}
    >
      <header className="activity__header">
        <h2 id={`activity-${id}-title`} className="activity__title">
          {template.name}
        </h2>
        {completedAt ? (
          <span className="activity__complete" data-testid="activity-complete">
            <span aria-hidden="true">✓ </span>Complete
          </span>
        ) : null}
      </header>
      {completedAt ? (
        <p className="activity__done">Completed on {formatDate(completedAt)}.</p>
      ) : (
        <>
          {/* Sanitised by the catalogue when the course is saved. */}
          <div className="activity__description" dangerouslySetInnerHTML={{ __html: template.description }} />
          <Attachment url={template.file} name={template.name} />
          <form className="activity__form" onSubmit={submit} noValidate>
            {formError ? <Notice tone="error">{formError}</Notice> : null}
            <BoundField
              form={form}
              name="code"
              id={inputId}
              label="Activity Code"
              hint="Enter the code you were given on site."
              autoComplete="off"
            />
            <Button type="submit" loading={form.formState.isSubmitting}>
              Submit Code
            </Button>
          </form>
        </>
      )}
    </article>
  );
}
