import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { learnCourse, learnLaunch, type ApiClient, type RouteOutput } from '@portal/contracts';
import { leavePageNotice } from '@portal/frontend-kit';
import { finishedNotice } from './finished-notice';
import { Button, Notice } from '@portal/design-system';
import { openScoRuntime, SEED_MARKER, shellFor, type ScoEnd, type ScoRuntime } from './sco-runtime';
import { commitQueue, waitForPendingCommits } from './player-http-service';
import { SyncStatus } from './sync-status';
import { forgetLaunch, offlineLaunch, rememberCommit, rememberContentKept, rememberLaunch } from './launch-copy';

export type LaunchData = RouteOutput<typeof learnLaunch>;

const shellMessage = (data: unknown) =>
  typeof data === 'object' && data !== null ? (data as { portalScorm?: unknown }).portalScorm : undefined;

/** How long the player waits for a SCO to say its last and finish as it unloads (a shell that never answers: the runtime ends anyway). */
export const LEAVE_LIMIT_MS = 3000;

/** Asks the content origin's SCO shell to unload the package and waits for its "left" (or the limit). */
function askShellToLeave(frame: HTMLIFrameElement, contentOrigin: string): Promise<void> {
  const shell = frame.contentWindow;
  if (!shell) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      // The content's last calls came before "left" (one sender, in order); their handlers have run.
      setTimeout(resolve, 0);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === shell && event.origin === contentOrigin && shellMessage(event.data) === 'left') done();
    };
    const timer = setTimeout(done, LEAVE_LIMIT_MS);
    window.addEventListener('message', onMessage);
    shell.postMessage({ portalScorm: 'leave' }, contentOrigin);
  });
}

const OFFLINE_REOPEN = 'You are offline: this opens again when you are back online. Your progress is saved on this device.';

/** running: the content is in charge. switching / leaving: the player is unloading the frame itself. */
type Phase = 'running' | 'switching' | 'leaving' | 'superseded';

/**
 * The package full-screen in a frame on the content origin (another origin than the portal's: its
 * script cannot reach this page, its cookies or the API), one scorm-again runtime per SCO launch,
 * bridged to the frame by postMessage.
 * Multi-SCO courses get Previous / Next (the LMS provides the navigation); finishing the last
 * SCO, or the content's exit, goes to the course's finish URL.
 */
/** `initialSeq`: the last sequence number the attempt used (a launch reopened offline from the device goes on from it). */
export function ScormPlayer({
  api,
  enrollmentId: enrolmentId,
  userId,
  initial,
  initialSeq = 0,
}: {
  api: ApiClient;
  enrollmentId: string;
  userId: string;
  initial: LaunchData;
  initialSeq?: number;
}) {
  const navigate = useNavigate();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const launchRef = useRef<LaunchData>(initial);
  const runtimeRef = useRef<ScoRuntime | null>(null);
  const phaseRef = useRef<Phase>('running');
  const seqRef = useRef(initialSeq);
  const pageHidingRef = useRef(false);
  const visitedRef = useRef(new Set<number>());
  const indexRef = useRef(initial.start_index);
  // What the bar shows: the launch and SCO the player last started (launchRef / indexRef are their
  // copies for callbacks). `initial` is fixed for the player's life: the page keys the player by
  // attempt and unmounts it while a launch loads.
  const [shownLaunch, setShownLaunch] = useState(initial);
  const [index, setIndex] = useState(initial.start_index);
  const [isBusy, setIsBusy] = useState(false);
  /** A save the server refused (e.g. too much suspend data): shown above the course; what was saved before stays. */
  const [saveError, setSaveError] = useState<string | null>(null);
  /** The server's copy is newer (another tab or device): this page stops and offers to reload it. */
  const [isSuperseded, setIsSuperseded] = useState(false);
  /** Finished while offline: the result goes to the server when the network returns. */
  const [isFinishingOffline, setIsFinishingOffline] = useState(false);
  /**
   * The frame each SCO launch opens in: a new frame element per launch (the key), not the old one
   * navigated again. The old frame has gone to about:blank by then (its content unloaded on the
   * portal's side); sending that same frame straight back to the content origin made Chromium move
   * it between processes twice in a moment, which under load left the automation (Playwright)
   * with a frame it could no longer reach.
   */
  const [scoFrame, setScoFrame] = useState<{ key: number; src: string } | null>(null);
  const queue = commitQueue();

  const scos = shownLaunch.scos;
  const current = scos[index];
  if (!current) throw new Error(`The launch has no SCO ${index + 1} (it has ${scos.length}).`);
  const isLast = index === scos.length - 1;

  /**
   * Unloads the SCO while its runtime still listens (issue 31 item 1): the shell unloads the package
   * inside itself, so what the content says as it leaves (its status, time and finish in an unload,
   * pagehide or beforeunload handler) reaches the runtime first; then the frame is blanked.
   */
  const unloadFrame = useCallback(async () => {
    const frame = frameRef.current;
    if (!frame) return;
    await askShellToLeave(frame, new URL(launchRef.current.scos[indexRef.current]?.url ?? window.location.href).origin);
    await new Promise<void>((resolve) => {
      // Calls the content posted while unloading are handled before the runtime ends.
      frame.addEventListener('load', () => setTimeout(resolve, 0), { once: true });
      frame.src = 'about:blank';
    });
  }, []);

  const endRuntime = useCallback(() => {
    runtimeRef.current?.finishIfOpen();
    runtimeRef.current?.detach();
    runtimeRef.current = null;
  }, []);

  // Declared before use through a ref so the runtime's callback always sees the newest handlers.
  const handleEndRef = useRef<(end: ScoEnd) => void>(() => undefined);

  /** Opens the SCO's runtime and frame; the caller shows it (the first one is shown from the start). */
  const startSco = useCallback(
    (target: number, launch: LaunchData) => {
      const sco = launch.scos[target];
      if (!sco) throw new Error(`The launch has no SCO ${target + 1} (it has ${launch.scos.length}).`);
      launchRef.current = launch;
      visitedRef.current.add(target);
      rememberLaunch(userId, enrolmentId, launch, target);
      const runtime: ScoRuntime = openScoRuntime({
        version: launch.version,
        sco,
        nextSeq: () => ++seqRef.current,
        isPageHiding: () => pageHidingRef.current,
        owner: { userId, enrollmentId: enrolmentId, attemptId: launch.attempt_id },
        onCommit: (seq, cmi) => rememberCommit(userId, enrolmentId, { attemptId: launch.attempt_id, index: target, seq, cmi }),
        // A SCO that finishes after the player moved on (its unload) must not steer the next one.
        onEnd: (end) => {
          if (runtimeRef.current === runtime) handleEndRef.current(end);
        },
      });
      runtimeRef.current = runtime;
      indexRef.current = target;
      phaseRef.current = 'running';
      // The content origin's SCO shell reads its starting CMI and the page to open from the end of its fragment.
      const src = `${shellFor(sco.url).shellUrl}#${SEED_MARKER}${encodeURIComponent(runtime.frameSeed())}`;
      setScoFrame((previous) => ({ key: (previous?.key ?? 0) + 1, src }));
    },
    [enrolmentId, userId],
  );

  /** Ends the visit: to the course's finish address, or to `to` (a link the learner followed, Exit course). */
  const leave = useCallback(
    async (to?: string) => {
      if (phaseRef.current === 'leaving') return;
      phaseRef.current = 'leaving';
      setIsBusy(true);
      await unloadFrame();
      endRuntime();
      await waitForPendingCommits();
      if (queue.waiting > 0 && to === undefined) {
        // Offline: everything is on the device; the result needs the server, so wait for the network.
        // (A link followed goes at once: what waits is sent from the next page, or the next visit.)
        setIsFinishingOffline(true);
        await queue.drain();
      }
      if (phaseRef.current !== 'leaving') return;
      const finishUrl = to ?? launchRef.current.finish_url;
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
    [api, endRuntime, enrolmentId, navigate, queue, unloadFrame, userId],
  );

  const goTo = useCallback(
    async (target: number) => {
      if (phaseRef.current !== 'running' || target < 0 || target >= launchRef.current.scos.length) return;
      const isRevisit = visitedRef.current.has(target);
      // A section seen in this visit opens from the newest copy: the server's, or offline the
      // device's (the same attempt, its newest CMI, numbering on) when the package is kept there.
      const fromDevice = isRevisit && navigator.onLine === false ? offlineLaunch(userId, enrolmentId) : null;
      if (isRevisit && navigator.onLine === false && !fromDevice) return setSaveError(OFFLINE_REOPEN);
      phaseRef.current = 'switching';
      setIsBusy(true);
      try {
        await unloadFrame();
        endRuntime();
        // Only a launch from the server needs the server to have it all; the next new SCO starts
        // from this launch at once, while anything the server asked to hold is sent after (issue 31 item 3).
        if (isRevisit) await waitForPendingCommits();
        let launch = launchRef.current;
        if (fromDevice) {
          launch = fromDevice.launch;
          seqRef.current = Math.max(seqRef.current, fromDevice.seq);
        } else if (isRevisit) {
          // A SCO seen earlier in this visit has newer data on the server: launch again to resume it.
          launch = await api.call(learnLaunch, { params: { enrollmentId: enrolmentId }, query: {} });
          seqRef.current = 0;
        }
        startSco(target, launch);
        setShownLaunch(launch);
        setIndex(target);
      } finally {
        setIsBusy(false);
      }
    },
    [api, endRuntime, enrolmentId, startSco, unloadFrame, userId],
  );

  // After each commit, before any effect or runtime callback can run.
  useLayoutEffect(() => {
    handleEndRef.current = (end: ScoEnd) => {
      if (phaseRef.current !== 'running') return;
      const at = indexRef.current;
      const count = launchRef.current.scos.length;
      if (end.reason === 'next') void (at + 1 < count ? goTo(at + 1) : leave());
      else if (end.reason === 'previous') void goTo(at - 1);
      else if (end.reason === 'exit-all') void leave();
      else if (end.isDone && at + 1 < count) void goTo(at + 1);
      else void leave();
    };
  });

  // The content closed its window (window.close(), which in a frame does nothing): the shell
  // finished the session and asks the player to go back, as the package's author meant.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current;
      const message = shellMessage(event.data);
      if (!frame || event.source !== frame.contentWindow || (message !== 'exit' && message !== 'offline-ready')) return;
      const sco = launchRef.current.scos[indexRef.current];
      if (!sco || event.origin !== new URL(sco.url).origin) return;
      // The attempt's files are on the device: a reload while offline may reopen it.
      if (message === 'offline-ready') return rememberContentKept(userId, enrolmentId, launchRef.current.attempt_id);
      if (phaseRef.current !== 'running') return;
      runtimeRef.current?.finishIfOpen();
      void leave();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [enrolmentId, leave, userId]);

  // What the queue hears from the server about this page's commits.
  useEffect(() => {
    queue.setHooks({
      onRefused: (message, status) => {
        if (status === 413 || status === 422) setSaveError(message);
      },
      onSuperseded: (attemptId) => {
        if (attemptId !== launchRef.current.attempt_id || phaseRef.current === 'superseded') return;
        // Continued somewhere else: the server's ordering decides. Stop here, unsaved and unmerged.
        phaseRef.current = 'superseded';
        queue.discardAttempt(attemptId);
        runtimeRef.current?.detach();
        runtimeRef.current = null;
        if (frameRef.current) frameRef.current.src = 'about:blank';
        setIsSuperseded(true);
      },
    });
    return () => queue.setHooks({});
  }, [queue]);

  // First SCO.
  useEffect(() => {
    startSco(initial.start_index, initial);
  }, [initial, startSco]);

  // Safety net: a tab closed mid-SCO. Unload the content first (its own handler saves its data),
  // then finish whatever it left open; both go by beacon while the page is hiding.
  useEffect(() => {
    const onPageHide = () => {
      pageHidingRef.current = true;
      frameRef.current?.remove();
      endRuntime();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    // From beforeunload on, a synchronous request may be cancelled: commits go by beacon.
    const onBeforeUnload = () => {
      pageHidingRef.current = true;
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [endRuntime]);

  // A link out of the player (Exit course, the shell's links) while the course runs: the SCO unloads
  // and says its last first (issue 31 item 1), then the link is followed.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (phaseRef.current !== 'running' || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
      // A link within this page (the skip link's #main) leaves nothing.
      if (anchor.pathname === window.location.pathname && anchor.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      void leave(`${anchor.pathname}${anchor.search}${anchor.hash}`);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [leave]);

  // Leaving another way (the browser's Back, Re-watch): runs before React removes the frame.
  useLayoutEffect(
    () => () => {
      if ((phaseRef.current === 'leaving' || phaseRef.current === 'superseded') && !runtimeRef.current) return;
      phaseRef.current = 'leaving';
      frameRef.current?.remove();
      endRuntime();
    },
    [endRuntime],
  );

  // Re-watch Course: the course again from its first page (a launch from the start: no saved place,
  // the recorded result untouched), not the saved page Continue would open.
  const rewatch = useCallback(async () => {
    if (phaseRef.current !== 'running') return;
    if (navigator.onLine === false) return setSaveError(OFFLINE_REOPEN);
    phaseRef.current = 'switching';
    setIsBusy(true);
    try {
      await unloadFrame();
      endRuntime();
      await waitForPendingCommits();
      const launch = await api.call(learnLaunch, { params: { enrollmentId: enrolmentId }, query: { from: 'start' } });
      seqRef.current = 0;
      visitedRef.current = new Set();
      startSco(0, launch);
      setShownLaunch(launch);
      setIndex(0);
    } finally {
      setIsBusy(false);
    }
  }, [api, endRuntime, enrolmentId, startSco, unloadFrame]);

  return (
    <div className="player" data-testid="scorm-player" data-sco-index={index}>
      <div className="player__bar">
        {/* The status under the title on a wide screen; on a phone a full row of its own (player.css). */}
        <div className="player__heading">
          <h1 className="player__title">{shownLaunch.course.name}</h1>
          <SyncStatus queue={queue} />
        </div>
        {scos.length > 1 ? (
          // Previous, a list of every section (jumps straight there) and Next: one row even on a phone.
          <nav className="player__nav" aria-label="Course sections">
            <Button
              variant="secondary"
              size="sm"
              className="player__step"
              onClick={() => void goTo(index - 1)}
              disabled={index === 0 || isBusy}
            >
              <span className="player__arrow" aria-hidden="true">
                ‹
              </span>
              <span className="player__step-label">Previous</span>
            </Button>
            <label className="player__section">
              <span className="ds-visually-hidden">Section</span>
              <select
                className="player__select"
                value={index}
                onChange={(event) => void goTo(Number(event.target.value))}
                disabled={isBusy}
                data-testid="sco-select"
              >
                {scos.map((sco, at) => (
                  <option key={at} value={at}>
                    {at + 1}. {sco.title}
                  </option>
                ))}
              </select>
            </label>
            <span className="player__count" data-testid="sco-position" aria-live="polite">
              <span className="ds-visually-hidden">{current.title} </span>({index + 1} of {scos.length})
            </span>
            {isLast ? (
              <Button size="sm" className="player__step" onClick={() => void leave()} disabled={isBusy}>
                Finish course
              </Button>
            ) : (
              <Button size="sm" className="player__step" onClick={() => void goTo(index + 1)} disabled={isBusy}>
                <span className="player__step-label">Next</span>
                <span className="player__arrow" aria-hidden="true">
                  ›
                </span>
              </Button>
            )}
          </nav>
        ) : null}
        <Button variant="ghost" size="sm" onClick={() => void rewatch()} disabled={isBusy || isSuperseded} data-testid="rewatch-course">
          Re-watch Course
        </Button>
      </div>
      {isSuperseded ? (
        <Notice tone="warning">
          <span data-testid="player-superseded">This course was continued somewhere else.</span>{' '}
          <Button size="sm" onClick={() => window.location.reload()}>
            Load the latest progress
          </Button>
        </Notice>
      ) : null}
      {isFinishingOffline ? (
        <Notice tone="info">
          <span data-testid="player-finishing-offline">
            You have finished. Your result is saved on this device and will be sent when you are back online.
          </span>
        </Notice>
      ) : null}
      {saveError ? (
        <Notice tone="error" onDismiss={() => setSaveError(null)}>
          <span data-testid="player-save-error">{saveError}</span>
        </Notice>
      ) : null}
      <iframe
        key={scoFrame?.key ?? 0}
        ref={frameRef}
        src={scoFrame?.src}
        className="player__frame"
        title={`Course: ${shownLaunch.course.name}`}
        data-testid="course-frame"
        allow="fullscreen"
        // Its own origin stays its own (the content origin); no navigating the portal's page away,
        // from the frame or from a popup it opens (popups keep this sandbox: they reach the API through opener).
        sandbox="allow-scripts allow-same-origin allow-forms allow-modals allow-popups allow-downloads"
      />
    </div>
  );
}
