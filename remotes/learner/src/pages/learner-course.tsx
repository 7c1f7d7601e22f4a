import { useEffect, useState, useSyncExternalStore } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { learnLaunch } from '@portal/contracts';
import { ButtonLink, EmptyState, Spinner } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { ScormPlayer, type LaunchData } from '../modules/player/scorm-player';
import { commitQueue } from '../modules/player/player-http-service';
import { offlineLaunch } from '../modules/player/launch-copy';
import { keepPlayerPageOffline } from '../modules/player/offline-page';
import '../modules/player/player.css';

/** /learn/{enrolmentId}: the course's SCORM package, full-screen (spec §2 "LearnerCourse"). */
export default function LearnerCourse({ api, session }: RemotePageProps) {
  const { enrolmentId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  // `?from=start` (the activities page's Re-watch Course) opens the course from its first page, once:
  // the address drops it, so a reload resumes instead of starting over again.
  const [isFromStart] = useState(() => params.get('from') === 'start');
  const userId = String(session?.id ?? '');
  const queue = commitQueue();
  const queueState = useSyncExternalStore(queue.subscribe, queue.getState);
  const launch = useApiQuery(`launch-${enrolmentId}`, async (): Promise<{ data: LaunchData; seq?: number }> => {
    const restored = await queue.restore(userId, enrolmentId);
    // Offline (a reload, issue 22 item 3): the course reopens from the device copy and what
    // waits is sent once the network returns.
    const copy = isFromStart ? null : offlineLaunch(userId, enrolmentId);
    if (copy && navigator.onLine === false) {
      if (queue.waiting > 0) void queue.drain();
      return { data: copy.launch, seq: copy.seq };
    }
    // What an earlier visit left on this device goes first, so the course resumes where it was (issue 22).
    if (restored > 0 || queue.waiting > 0) await queue.drain();
    return { data: await api.call(learnLaunch, { params: { enrollmentId: enrolmentId }, query: isFromStart ? { from: 'start' } : {} }) };
  });
  const hasLaunched = launch.status === 'success';
  const isOnlineLaunch = hasLaunched && launch.data.seq === undefined;
  useEffect(() => {
    if (hasLaunched && params.has('from')) setParams({}, { replace: true });
  }, [hasLaunched, params, setParams]);
  // Started online: the page and its scripts are kept for a reload while offline.
  useEffect(() => {
    if (isOnlineLaunch) void keepPlayerPageOffline();
  }, [isOnlineLaunch]);

  if (launch.status === 'loading') {
    return (
      <div className="player-status" role="status">
        <Spinner
          label={
            queueState.phase === 'offline'
              ? 'Your progress is saved on this device. It will be sent, and the course opened, when you are back online.'
              : queueState.phase === 'syncing'
                ? 'Sending the progress saved on this device…'
                : 'Opening your course…'
          }
        />
      </div>
    );
  }
  if (launch.status === 'error') {
    const status = (launch.error as { status?: number }).status;
    if (status === 404) {
      return (
        <div className="player-status">
          <EmptyState title="This course is not available">
            <p>It may have been removed, or it is not one of your courses.</p>
            <ButtonLink href="/">Return to Dashboard</ButtonLink>
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="player-status">
        <LoadError error={launch.error} onRetry={launch.reload} what="your course" />
      </div>
    );
  }
  return (
    <ScormPlayer
      key={launch.data.data.attempt_id}
      api={api}
      enrolmentId={enrolmentId}
      userId={userId}
      initial={launch.data.data}
      initialSeq={launch.data.seq}
    />
  );
}
