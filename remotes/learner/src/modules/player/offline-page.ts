/**
 * The portal's player service worker (services/gateway/src/player-worker.ts, scope /learn/): once
 * a course has started, the page and the scripts it loaded are copied to the device, so a reload
 * while offline reopens it. `data-player-offline="ready"` on the document once they are kept.
 */
export async function keepPlayerPageOffline(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): Promise<boolean> {
  if (!container) return false;
  try {
    await container.register('/learn-sw.js', { scope: '/learn/' });
    const worker = (await container.ready).active;
    if (!worker) return false;
    const answer = new Promise<boolean>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        const type = (event.data as { type?: unknown } | null)?.type;
        if (type !== 'kept' && type !== 'failed') return;
        container.removeEventListener('message', onMessage);
        resolve(type === 'kept');
      };
      container.addEventListener('message', onMessage);
    });
    worker.postMessage({ type: 'keep', urls: playerFiles() });
    const isKept = await answer;
    if (isKept) document.documentElement.dataset.playerOffline = 'ready';
    return isKept;
  } catch {
    // No service worker here (an insecure origin, a private mode): the course still plays online.
    return false;
  }
}

/** The page and the shell's and remotes' files it has loaded (the worker keeps only those under /shells/ and /remotes/). */
export function playerFiles(): string[] {
  const origin = window.location.origin;
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  return [window.location.href, ...loaded.filter((url) => url.startsWith(`${origin}/shells/`) || url.startsWith(`${origin}/remotes/`))];
}
