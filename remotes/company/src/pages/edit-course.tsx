import { useState, type MouseEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useNavigate, useParams } from 'react-router';
import { ApiError, editCompanyCourse, listBridgingActivities, type ApiClient, type BridgingActivity } from '@portal/contracts';
import { editCompanyCourseBodySchema } from '@portal/contracts/schemas';
import { Button, Card, Notice, PageHeader, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { BoundField } from '@portal/frontend-kit/forms';
import type { CoursesLocationState } from '../modules/courses/courses-location-state';
import { BridgingActivitiesCard } from '../modules/courses/bridging-activities-card';
import '../modules/courses/courses.css';

type EditValues = z.input<typeof editCompanyCourseBodySchema>;

/** /courses/edit/{id}, also at /companyCourse/edit/{id} (spec §2 "Edit course"): the company's certificate expiry and bridging activities. */
export default function EditCourse({ api }: RemotePageProps) {
  const { id } = useParams();
  const courseId = Number(id);
  const navigate = useNavigate();
  const data = useApiQuery(Number.isInteger(courseId) && courseId > 0 ? String(courseId) : null, () =>
    api.call(listBridgingActivities, { params: { id: courseId } }),
  );
  const back = (event: MouseEvent) => {
    event.preventDefault();
    void navigate('/courses');
  };

  return (
    <div className="company-edit-course" data-testid="company-edit-course">
      <a href="/courses" onClick={back} className="company-edit-course__back">
        Back to courses
      </a>
      <PageHeader title="Edit course" subtitle={data.status === 'success' ? data.data.course.name : undefined} />
      {!(Number.isInteger(courseId) && courseId > 0) ? <Notice tone="error">That course address is not valid.</Notice> : null}
      {data.status === 'loading' && courseId > 0 ? <SkeletonBlock height={240} /> : null}
      {data.status === 'error' ? <LoadError error={data.error} onRetry={data.reload} what="the course" /> : null}
      {data.status === 'success' ? (
        <EditCourseForm
          api={api}
          courseId={courseId}
          validity={data.data.course.validity_period}
          activities={data.data.data}
          onSaved={(message) => navigate('/courses', { state: { savedNotice: message } satisfies CoursesLocationState })}
        />
      ) : null}
    </div>
  );
}

function EditCourseForm({
  api,
  courseId,
  validity,
  activities,
  onSaved,
}: {
  api: ApiClient;
  courseId: number;
  validity: number;
  activities: BridgingActivity[];
  onSaved: (message: string) => void;
}) {
  const form = useForm<EditValues, unknown, z.output<typeof editCompanyCourseBodySchema>>({
    defaultValues: {
      validity_period: validity,
      activities: activities.map((a) => ({ id: a.id, description: a.description, enabled: a.enabled })),
    },
    resolver: zodResolver(editCompanyCourseBodySchema),
  });
  const { handleSubmit, setError, formState } = form;
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function submit(values: z.output<typeof editCompanyCourseBodySchema>) {
    setNotice(null);
    try {
      const result = await api.call(editCompanyCourse, {
        params: { id: courseId },
        body: values,
      });
      // The list shows the notice: a notice here would go with the page a moment later.
      onSaved(result.message);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.fieldErrors))
          setError(field as FieldPath<EditValues>, { message: messages.join(' ') });
        setNotice({ tone: 'error', text: error.message });
      } else setNotice({ tone: 'error', text: 'Something went wrong. Please try again.' });
    }
  }

  return (
    <form className="company-edit-course__form" onSubmit={handleSubmit(submit)} noValidate>
      {notice ? (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      ) : null}
      <Card>
        <BoundField
          form={form}
          name="validity_period"
          id="validity-period"
          label="Certificate expiry (years)"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
        />
      </Card>
      <BridgingActivitiesCard api={api} courseId={courseId} form={form} activities={activities} />
      <div className="company-edit-course__actions">
        <Button type="submit" loading={formState.isSubmitting}>
          Save
        </Button>
      </div>
    </form>
  );
}
