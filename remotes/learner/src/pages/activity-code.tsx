import { useParams } from 'react-router';
import { activityCode } from '@portal/contracts';
import { ButtonLink, PageHeader, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import '../modules/activities/activities.css';

/** For managers: the code a learner enters to complete an activity, and a link to the learner's activities (spec §2 "ActivityCode"). */
export default function ActivityCode({ api }: RemotePageProps) {
  const { enrollmentId = '', activityId = '' } = useParams();
  const query = useApiQuery(`activity-code-${enrollmentId}-${activityId}`, () => api.call(activityCode, { params: { enrollmentId, activityId } }));
  return (
    <div className="activity-code" data-testid="activity-code-page">
      {query.status === 'loading' ? <SkeletonBlock height="200px" /> : null}
      {query.status === 'error' ? <LoadError error={query.error} onRetry={query.reload} what="the activity code" /> : null}
      {query.status === 'success' ? (
        <>
          <PageHeader title="Activity Code" subtitle={`${query.data.activity_name} · ${query.data.course_name}`} />
          <p>
            Give this code to <strong>{query.data.learner_name}</strong> once the activity is done. They enter it on their course activities page.
          </p>
          <p className="activity-code__code" data-testid="activity-code">
            {query.data.code}
          </p>
          <p>
            <ButtonLink href={query.data.activities_url}>Go to the course activities</ButtonLink>
          </p>
        </>
      ) : null}
    </div>
  );
}
