import { Notice } from '@portal/design-system';

/** What became of the People page's selection (`?users=`). */
export function FromPeopleNotice({ status }: { status: { phase: 'idle' | 'loading' | 'done' | 'error'; count: number } }) {
  if (status.phase === 'idle') return null;
  if (status.phase === 'loading') return <Notice tone="info">Adding the employees you chose…</Notice>;
  if (status.phase === 'error') return <Notice tone="error">The employees you chose could not be added. Add them in step 2.</Notice>;
  return (
    <Notice tone="success" autoHideMs={8000}>
      {status.count} employee{status.count === 1 ? ' is' : 's are'} chosen for this enrolment: choose the courses, then check them in step
      2.
    </Notice>
  );
}
