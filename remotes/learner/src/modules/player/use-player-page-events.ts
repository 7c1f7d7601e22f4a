import { useEffect, useLayoutEffect } from 'react';
import { rememberContentKept } from './launch-copy';
import { shellMessage } from './player-frame';
import type { LaunchData, SessionContext } from './player-session-state';

interface PageEventsOptions {
  context: SessionContext;
  initial: LaunchData;
  startSco: (target: number, launch: LaunchData) => void;
  endRuntime: () => void;
  leave: (to?: string) => Promise<void>;
}

/** The content's words to the player: its window closed (exit), or its files are kept on the device (offline-ready). */
function useShellMessages({ context: { enrolmentId, userId, frameRef, sessionRef }, leave }: PageEventsOptions) {
  // The content closed its window (window.close(), which in a frame does nothing): the shell
  // finished the session and asks the player to go back, as the package's author meant.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const frame = frameRef.current;
      const message = shellMessage(event.data);
      if (!frame || event.source !== frame.contentWindow || (message !== 'exit' && message !== 'offline-ready')) return;
      const session = sessionRef.current;
      const sco = session.launch.scos[session.index];
      if (!sco || event.origin !== new URL(sco.url).origin) return;
      // The attempt's files are on the device: a reload while offline may reopen it.
      if (message === 'offline-ready') return rememberContentKept(userId, enrolmentId, session.launch.attempt_id);
      if (session.phase !== 'running') return;
      session.runtime?.finishIfOpen();
      void leave();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [enrolmentId, frameRef, leave, sessionRef, userId]);
}

/** What the queue hears from the server about this page's commits. */
function useQueueAnswers({ context: { queue, frameRef, sessionRef, update } }: PageEventsOptions) {
  useEffect(() => {
    queue.setHooks({
      onRefused: (message, status) => {
        if (status === 413 || status === 422) update({ saveError: message });
      },
      onSuperseded: (attemptId) => {
        const session = sessionRef.current;
        if (attemptId !== session.launch.attempt_id || session.phase === 'superseded') return;
        // Continued somewhere else: the server's ordering decides. Stop here, unsaved and unmerged.
        session.phase = 'superseded';
        queue.discardAttempt(attemptId);
        session.runtime?.detach();
        session.runtime = null;
        if (frameRef.current) frameRef.current.src = 'about:blank';
        update({ isSuperseded: true });
      },
    });
    return () => queue.setHooks({});
  }, [frameRef, sessionRef, queue, update]);
}

/** The tab closing, or hidden to the back/forward cache and shown again. */
function useTabClosing({ context: { frameRef, sessionRef }, endRuntime }: PageEventsOptions) {
  // Safety net: a tab closed mid-SCO. Unload the content first (its own handler saves its data),
  // then finish whatever it left open; both go by beacon while the page is hiding.
  useEffect(() => {
    const onPageHide = () => {
      sessionRef.current.isPageHiding = true;
      frameRef.current?.remove();
      endRuntime();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    // From beforeunload on, a synchronous request may be cancelled: commits go by beacon.
    const onBeforeUnload = () => {
      sessionRef.current.isPageHiding = true;
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [endRuntime, frameRef, sessionRef]);
}

/** Leaving by a link, or any other way (the browser's Back, Re-watch): the SCO says its last first. */
function useLeavingThePage({ context: { frameRef, sessionRef }, endRuntime, leave }: PageEventsOptions) {
  // A link out of the player (Exit course, the shell's links) while the course runs: the SCO unloads
  // and says its last first (issue 31 item 1), then the link is followed.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (sessionRef.current.phase !== 'running' || event.defaultPrevented || event.button !== 0) return;
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
  }, [leave, sessionRef]);

  // Leaving another way (the browser's Back, Re-watch): runs before React removes the frame.
  useLayoutEffect(
    () => () => {
      const session = sessionRef.current;
      if ((session.phase === 'leaving' || session.phase === 'superseded') && !session.runtime) return;
      session.phase = 'leaving';
      frameRef.current?.remove();
      endRuntime();
    },
    [endRuntime, frameRef, sessionRef],
  );
}

/** The player page's events around the session: in the order the player has always set them up. */
export function usePlayerPageEvents(options: PageEventsOptions) {
  const { initial, startSco } = options;
  useShellMessages(options);
  useQueueAnswers(options);
  // First SCO.
  useEffect(() => {
    startSco(initial.start_index, initial);
  }, [initial, startSco]);
  useTabClosing(options);
  useLeavingThePage(options);
}
