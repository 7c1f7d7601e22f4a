import { useSyncExternalStore } from 'react';
import type { CommitQueue, SyncState } from './commit-queue';

/** What the learner reads about their progress (issue 22 item 2). */
export function syncStatusText({ phase, waiting }: SyncState): string {
  switch (phase) {
    case 'saved':
      return 'Saved';
    case 'offline':
      return `Saved on this device — will sync when you are back online (${waiting} waiting)`;
    case 'paused':
      return `Saving paused for a moment — your progress is kept on this device and will be sent shortly (${waiting} waiting)`;
    case 'syncing':
      return 'Syncing…';
    case 'synced':
      return 'Synced';
    default:
      return '';
  }
}

/** A polite live region: screen readers hear each change, never interrupted. */
export function SyncStatus({ queue }: { queue: CommitQueue }) {
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  return (
    <p className="player__sync" role="status" aria-live="polite" data-testid="player-sync" data-phase={state.phase}>
      {syncStatusText(state)}
    </p>
  );
}
