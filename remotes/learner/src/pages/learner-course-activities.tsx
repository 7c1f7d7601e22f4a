import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { learnActivities, type ApiClient, type LearnerActivity } from '@portal/contracts';
import { Button, ButtonLink, EmptyState, Notice, PageHeader, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { ActivityCard } from '../modules/activities/activity-card';
import { downloadCertificate } from '../modules/certificates/download-certificate';
import '../modules/activities/activities.css';

/** /learn/{enrolmentId}/activities[/{activityId}]: the course's activities, completed by code (spec §2). */
export default function LearnerCourseActivities({ api }: RemotePageProps) {
  const params = useParams();
  const enrolmentId = params.enrolmentId ?? '';
  // The shell routes /learn/{enrolmentId}/* here: the activity id may arrive as the splat.
  const activityId = params.activityId ?? /^activities\/([^/]+)/.exec(params['*'] ?? '')?.[1];
  const query = useApiQuery(`activities-${enrolmentId}`, () => api.call(learnActivities, { params: { enrollmentId: enrolmentId } }));
  const [activities, setActivities] = useState<LearnerActivity[]>([]);
  const [notice, setNotice] = useState<{ key: number; text: string } | null>(null);

  // The loaded list, then kept up to date from each completion.
  const loaded = query.status === 'success' ? query.data : null;
  const [lastLoaded, setLastLoaded] = useState<typeof loaded>(null);
  if (loaded !== lastLoaded) {
    setLastLoaded(loaded);
    if (loaded) setActivities(loaded.activities);
  }

  useEffect(() => {
    if (query.status === 'success' && activityId) document.getElementById(`activity-${activityId}`)?.scrollIntoView({ block: 'start' });
  }, [query.status, activityId]);

  const onCompleted = (updated: LearnerActivity, message: string) => {
    setActivities((list) => list.map((a) => (a.id === updated.id ? updated : a)));
    setNotice({ key: Date.now(), text: message });
  };

  return (
    <div className="activities-page" data-testid="course-activities">
      {query.status === 'loading' ? (
        <div role="status">
          <span className="ds-visually-hidden">Loading the course activities…</span>
          <SkeletonBlock height="48px" />
          <SkeletonBlock height="240px" />
        </div>
      ) : null}
      {query.status === 'error' ? <LoadError error={query.error} onRetry={query.reload} what="the course activities" /> : null}
      {query.status === 'success' ? (
        <>
          <PageHeader title="Course Activities" subtitle={query.data.course.name} />
          {notice ? (
            <Notice key={notice.key} tone="success" autoHideMs={5000} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Notice>
          ) : null}
          {query.data.certificate_url ? (
            <DownloadCourseCertificate api={api} enrolmentId={Number(enrolmentId)} courseName={query.data.course.name} />
          ) : null}
          {activities.length === 0 ? (
            <EmptyState title="This course has no activities." />
          ) : (
            <div className="activities-list">
              {activities.map((activity) => (
                <ActivityCard
                  key={activity.id}
                  api={api}
                  enrolmentId={enrolmentId}
                  activity={activity}
                  isFocused={String(activity.id) === activityId}
                  onCompleted={onCompleted}
                />
              ))}
            </div>
          )}
          <nav className="activities-links" aria-label="Course links">
            <ButtonLink href={`/learn/${enrolmentId}?from=start`} variant="secondary">
              Re-watch Course
            </ButtonLink>
            <ButtonLink href="/" variant="ghost">
              Return to Dashboard
            </ButtonLink>
          </nav>
        </>
      ) : null}
    </div>
  );
}

/** Shown when the enrolment has a certificate (spec §2): the PDF under the server's file name. */
function DownloadCourseCertificate({ api, enrolmentId, courseName }: { api: ApiClient; enrolmentId: number; courseName: string }) {
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      await downloadCertificate(api, enrolmentId, courseName);
    } catch (error) {
      // Spec §8: a failed certificate download is logged; the learner also sees a short line.
      console.error('Failed to download certificate', error);
      setFailure('The certificate could not be downloaded. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <Button type="button" loading={isBusy} onClick={() => void download()} data-testid="download-certificate">
        Download Course Certificate
      </Button>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
    </div>
  );
}
