import { useParams } from 'react-router';
import { activityCode } from '@portal/contracts';
import { ButtonLink, PageHeader, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import '../modules/activities/activities.css';

/**
 * For managers: the code a learner enters to complete an activity (spec §2 "ActivityCode"), reached
 * from the course's bridging activities (Edit course). The learner's activities page
 * (`activities_url`) is a link to pass on (the learner's own page: it opens in a new tab, so the
 * manager keeps this one); the buttons lead to the manager's own pages for this enrolment.
 */
export default function ActivityCode({ api }: RemotePageProps) {
  const { enrolmentId = '', activityId = '' } = useParams();
  const query = useApiQuery(`activity-code-${enrolmentId}-${activityId}`, () =>
    api.call(activityCode, { params: { enrollmentId: enrolmentId, activityId } }),
  );
  return (
    <div className="activity-code" data-testid="activity-code-page">
      {query.status === 'loading' ? <SkeletonBlock height="200px" /> : null}
      {query.status === 'error' ? <LoadError error={query.error} onRetry={query.reload} what="the activity code" /> : null}
      {query.status === 'success' ? (
        <>
          <PageHeader title="Activity Code" subtitle={`${query.data.activity_name} · ${query.data.course_name}`} />
          <p>
            Give this code to <strong>{query.data.learner_name}</strong> once the activity is done. They enter it on their course activities
            page.
          </p>
          <p className="activity-code__code" data-testid="activity-code">
            {query.data.code}
          </p>
          <p className="activity-code__where">
            The learner&rsquo;s page (they open it signed in as themselves):{' '}
            <a
              href={query.data.activities_url}
              className="activity-code__address"
              data-testid="learner-activities-address"
              target="_blank"
              rel="noopener noreferrer"
            >
              {new URL(query.data.activities_url, window.location.origin).href}
              <span className="ds-visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <p className="activity-code__actions">
            <ButtonLink href={`/enrolments/${query.data.enrollment_id}/edit`}>Back to the enrolment</ButtonLink>
            <ButtonLink href="/reporting" variant="secondary">
              All enrolments
            </ButtonLink>
          </p>
        </>
      ) : null}
    </div>
  );
}
