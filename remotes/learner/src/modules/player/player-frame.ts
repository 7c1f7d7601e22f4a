/** The `portalScorm` word of a message from the content origin's SCO shell, if it is one. */
export const shellMessage = (data: unknown) =>
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

/**
 * Unloads the SCO while its runtime still listens (issue 31 item 1): the shell unloads the package
 * inside itself, so what the content says as it leaves (its status, time and finish in an unload,
 * pagehide or beforeunload handler) reaches the runtime first; then the frame is blanked.
 */
export async function unloadScoFrame(frame: HTMLIFrameElement | null, scoUrl: string | undefined): Promise<void> {
  if (!frame) return;
  await askShellToLeave(frame, new URL(scoUrl ?? window.location.href).origin);
  await new Promise<void>((resolve) => {
    // Calls the content posted while unloading are handled before the runtime ends.
    frame.addEventListener('load', () => setTimeout(resolve, 0), { once: true });
    frame.src = 'about:blank';
  });
}
