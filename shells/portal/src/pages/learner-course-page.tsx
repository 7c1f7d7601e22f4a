import { useParams } from 'react-router';
import { RemotePage } from '@portal/frontend-kit';
import { api } from '../modules/api/api-client';
import { useShell } from '../modules/session/shell-context';

/** /learn/{enrolmentId}[/activities[/{activityId}]]: the learner remote's player or activities page, in the minimal layout. */
export function LearnerCoursePage() {
  const { user } = useShell();
  const rest = useParams()['*'] ?? '';
  const module = /^activities(\/|$)/.test(rest) ? 'learner-course-activities' : 'learner-course';
  return <RemotePage key={module} remote="learner" module={module} session={user} api={api} />;
}
