import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { learnCourse, learnLaunch, type ApiClient } from '@portal/contracts';
import { leavePageNotice } from '@portal/frontend-kit';
import { finishedNotice } from './finished-notice';
import { openScoRuntime, SEED_MARKER, shellFor, type ScoRuntime } from './sco-runtime';
import { commitQueue, waitForPendingCommits } from './player-http-service';
import { forgetLaunch, offlineLaunch, rememberCommit, rememberLaunch } from './launch-copy';
import { unloadScoFrame } from './player-frame';
import {
  OFFLINE_REOPEN,
  type LaunchData,
  type LiveSession,
  type PlayerView,
  type SessionContext,
  type ViewUpdate,
} from './player-session-state';
import { usePlayerPageEvents } from './use-player-page-events';

export interface PlayerSessionOptions {
  api: ApiClient;
  enrolmentId: string;
  userId: string;
  initial: LaunchData;
  /** The last sequence number the attempt used (a launch reopened offline from the device goes on from it). */
  initialSeq?: number;
}

/** Opens a SCO's runtime and frame, unloads and ends them. */
function useScoFrames({ enrolmentId, userId, frameRef, sessionRef, update }: SessionContext) {
  const unloadFrame = useCallback(
    () => unloadScoFrame(frameRef.current, sessionRef.current.launch.scos[sessionRef.current.index]?.url),
    [frameRef, sessionRef],
  );

  const endRuntime = useCallback(() => {
    sessionRef.current.runtime?.finishIfOpen();
    sessionRef.current.runtime?.detach();
    sessionRef.current.runtime = null;
  }, [sessionRef]);

  /** Opens the SCO's runtime and frame; the caller shows it (the first one is shown from the start). */
  const startSco = useCallback(
    (target: number, launch: LaunchData) => {
      const session = sessionRef.current;
      const sco = launch.scos[target];
      if (!sco) throw new Error(`The launch has no SCO ${target + 1} (it has ${launch.scos.length}).`);
      session.launch = launch;
      session.visited.add(target);
      rememberLaunch(userId, enrolmentId, launch, target);
      const runtime: ScoRuntime = openScoRuntime({
        version: launch.version,
        sco,
        nextSeq: () => ++session.seq,
        isPageHiding: () => session.isPageHiding,
        owner: { userId, enrollmentId: enrolmentId, attemptId: launch.attempt_id },
        onCommit: (seq, cmi) => rememberCommit(userId, enrolmentId, { attemptId: launch.attempt_id, index: target, seq, cmi }),
        // A SCO that finishes after the player moved on (its unload) must not steer the next one.
        onEnd: (end) => {
          if (session.runtime === runtime) session.handleEnd(end);
        },
      });
      session.runtime = runtime;
      session.index = target;
      session.phase = 'running';
      // The content origin's SCO shell reads its starting CMI and the page to open from the end of its fragment.
      const src = `${shellFor(sco.url).shellUrl}#${SEED_MARKER}${encodeURIComponent(runtime.frameSeed())}`;
      update((view) => ({ scoFrame: { key: (view.scoFrame?.key ?? 0) + 1, src } }));
    },
    [enrolmentId, sessionRef, update, userId],
  );
  return { unloadFrame, endRuntime, startSco };
}

type ScoFrames = ReturnType<typeof useScoFrames>;

/** Ends the visit: to the course's finish address, or to `to` (a link the learner followed, Exit course). */
function useLeave({ api, enrolmentId, userId, queue, sessionRef, update }: SessionContext, { unloadFrame, endRuntime }: ScoFrames) {
  const navigate = useNavigate();
  return useCallback(
    async (to?: string) => {
      const session = sessionRef.current;
      if (session.phase === 'leaving') return;
      session.phase = 'leaving';
      update({ isBusy: true });
      await unloadFrame();
      endRuntime();
      await waitForPendingCommits();
      if (queue.waiting > 0 && to === undefined) {
        // Offline: everything is on the device; the result needs the server, so wait for the network.
        // (A link followed goes at once: what waits is sent from the next page, or the next visit.)
        update({ isFinishingOffline: true });
        await queue.drain();
      }
      if (session.phase !== 'leaving') return;
      const finishUrl = to ?? session.launch.finish_url;
      // The next page says how it went (spec §2: the dashboard's success notice), from the result now stored.
      try {
        const { enrollment: enrolment, course } = await api.call(learnCourse, { params: { enrollmentId: enrolmentId } });
        // Finished and synced: the device keeps nothing of the attempt.
        if (enrolment.status === 'passed' || enrolment.status === 'failed') forgetLaunch(userId, enrolmentId);
        leavePageNotice({ ...finishedNotice(enrolment.status, course.name), at: new URL(finishUrl, window.location.origin).pathname });
      } catch (error) {
        console.error('Could not read the course result for the finish notice', error);
      }
      void navigate(finishUrl);
    },
    [api, endRuntime, enrolmentId, sessionRef, navigate, queue, unloadFrame, update, userId],
  );
}

/** Another SCO of the launch (Previous, Next, the section list, the content's own navigation). */
function useGoTo({ api, enrolmentId, userId, sessionRef, update }: SessionContext, { unloadFrame, endRuntime, startSco }: ScoFrames) {
  return useCallback(
    async (target: number) => {
      const session = sessionRef.current;
      if (session.phase !== 'running' || target < 0 || target >= session.launch.scos.length) return;
      const isRevisit = session.visited.has(target);
      // A section seen in this visit opens from the newest copy: the server's, or offline the
      // device's (the same attempt, its newest CMI, numbering on) when the package is kept there.
      const fromDevice = isRevisit && navigator.onLine === false ? offlineLaunch(userId, enrolmentId) : null;
      if (isRevisit && navigator.onLine === false && !fromDevice) return update({ saveError: OFFLINE_REOPEN });
      session.phase = 'switching';
      update({ isBusy: true });
      try {
        await unloadFrame();
        endRuntime();
        // Only a launch from the server needs the server to have it all; the next new SCO starts
        // from this launch at once, while anything the server asked to hold is sent after (issue 31 item 3).
        if (isRevisit) await waitForPendingCommits();
        let launch = session.launch;
        if (fromDevice) {
          launch = fromDevice.launch;
          session.seq = Math.max(session.seq, fromDevice.seq);
        } else if (isRevisit) {
          // A SCO seen earlier in this visit has newer data on the server: launch again to resume it.
          launch = await api.call(learnLaunch, { params: { enrollmentId: enrolmentId }, query: {} });
          session.seq = 0;
        }
        startSco(target, launch);
        update({ shownLaunch: launch, index: target });
      } finally {
        update({ isBusy: false });
      }
    },
    [api, endRuntime, enrolmentId, sessionRef, startSco, unloadFrame, update, userId],
  );
}

// Re-watch Course: the course again from its first page (a launch from the start: no saved place,
// the recorded result untouched), not the saved page Continue would open.
function useRewatch({ api, enrolmentId, sessionRef, update }: SessionContext, { unloadFrame, endRuntime, startSco }: ScoFrames) {
  return useCallback(async () => {
    const session = sessionRef.current;
    if (session.phase !== 'running') return;
    if (navigator.onLine === false) return update({ saveError: OFFLINE_REOPEN });
    session.phase = 'switching';
    update({ isBusy: true });
    try {
      await unloadFrame();
      endRuntime();
      await waitForPendingCommits();
      const launch = await api.call(learnLaunch, { params: { enrollmentId: enrolmentId }, query: { from: 'start' } });
      session.seq = 0;
      session.visited = new Set();
      startSco(0, launch);
      update({ shownLaunch: launch, index: 0 });
    } finally {
      update({ isBusy: false });
    }
  }, [api, endRuntime, enrolmentId, sessionRef, startSco, unloadFrame, update]);
}

/**
 * The player's session with the course: one scorm-again runtime per SCO launch (sco-runtime.ts),
 * its frame, moving between SCOs, Re-watch, leaving (every save sent or kept on the device first),
 * and the page's own events (use-player-page-events.ts). The view renders what it returns.
 */
export function usePlayerSession({ api, enrolmentId, userId, initial, initialSeq = 0 }: PlayerSessionOptions) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const sessionRef = useRef<LiveSession>({
    launch: initial,
    index: initial.start_index,
    runtime: null,
    phase: 'running',
    seq: initialSeq,
    isPageHiding: false,
    visited: new Set<number>(),
    handleEnd: () => undefined,
  });
  const [view, setView] = useState<PlayerView>(() => ({
    shownLaunch: initial,
    index: initial.start_index,
    isBusy: false,
    saveError: null,
    isSuperseded: false,
    isFinishingOffline: false,
    scoFrame: null,
  }));
  const update = useCallback<ViewUpdate>(
    (change) => setView((previous) => ({ ...previous, ...(typeof change === 'function' ? change(previous) : change) })),
    [],
  );
  const queue = commitQueue();
  const context = useMemo<SessionContext>(
    () => ({ api, enrolmentId, userId, queue, frameRef, sessionRef, update }),
    [api, enrolmentId, userId, queue, update],
  );
  const frames = useScoFrames(context);
  const leave = useLeave(context, frames);
  const goTo = useGoTo(context, frames);
  const rewatch = useRewatch(context, frames);

  // After each commit, before any effect or runtime callback can run.
  useLayoutEffect(() => {
    sessionRef.current.handleEnd = (end) => {
      if (sessionRef.current.phase !== 'running') return;
      const at = sessionRef.current.index;
      const count = sessionRef.current.launch.scos.length;
      if (end.reason === 'next') void (at + 1 < count ? goTo(at + 1) : leave());
      else if (end.reason === 'previous') void goTo(at - 1);
      else if (end.reason === 'exit-all') void leave();
      else if (end.isDone && at + 1 < count) void goTo(at + 1);
      else void leave();
    };
  });
  usePlayerPageEvents({ context, initial, startSco: frames.startSco, endRuntime: frames.endRuntime, leave });

  return {
    ...view,
    frameRef,
    queue,
    goTo,
    leave,
    rewatch,
    dismissSaveError: useCallback(() => update({ saveError: null }), [update]),
  };
}
