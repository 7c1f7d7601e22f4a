import type { IHttpService, ResultObject, Settings } from 'scorm-again';

const FAILED: ResultObject = { result: 'false', errorCode: 101 };

/** Commits sent without waiting (see below); the player waits for them before it moves on. */
const pendingCommits = new Set<Promise<unknown>>();

export async function waitForPendingCommits(): Promise<void> {
  while (pendingCommits.size > 0) await Promise.allSettled([...pendingCommits]);
}

/** A keepalive request outlives the frame that asked for it, and unlike a beacon it can be awaited. */
function sendKeepalive(url: string, body: string): boolean {
  if (typeof fetch !== 'function') return false;
  const request = fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body })
    .catch(() => undefined)
    .finally(() => pendingCommits.delete(request));
  pendingCommits.add(request);
  return true;
}

/**
 * Sends a commit that must outlive the page: a beacon, or a keepalive request when the browser
 * refuses the beacon (over its 64 KiB quota, or no sendBeacon). True when one of them went out.
 */
function sendWhileLeaving(url: string, body: string): boolean {
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return true;
  return sendKeepalive(url, body);
}

/**
 * How commits travel. scorm-again's own synchronous service sends every final commit by
 * sendBeacon, so the server may not have it yet when the player moves on (e.g. to the dashboard).
 * Here every commit is a synchronous XHR, stored before Commit/LMSFinish/Terminate returns, except
 * while the page is being hidden or closed (pagehide, beforeunload): then every commit — the
 * content's own, autocommits and the final one alike — goes by beacon (keepalive when the beacon
 * is refused) and is answered to the content as success, since a synchronous request would be
 * cancelled. All carry the launch token in the URL (a beacon cannot send the XSRF header).
 */
export class PlayerHttpService implements IHttpService {
  /** A commit the server asked to have later (429): the newest such, sent again after Retry-After. */
  private heldCommit: { url: string; body: string } | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private settings: Settings,
    private readonly isPageHiding: () => boolean,
    /** The server refused a commit for good (e.g. suspend data over its cap): its message, for the learner. */
    private readonly onRefused: (message: string) => void = () => undefined,
  ) {}

  updateSettings(settings: Settings): void {
    this.settings = settings;
  }

  processHttpRequest(url: string, params: unknown, _immediate: boolean, ...rest: unknown[]): ResultObject {
    const metadata = rest[3] as Parameters<NonNullable<Settings['requestHandler']>>[1];
    const payload = this.settings.requestHandler ? (this.settings.requestHandler(params, metadata) ?? params) : params;
    const body = JSON.stringify(payload);
    if (this.isPageHiding()) {
      return sendWhileLeaving(url, body) ? { result: 'true', errorCode: 0 } : { result: 'false', errorCode: 391 };
    }
    try {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url, false);
      xhr.setRequestHeader('Content-Type', 'application/json;charset=UTF-8');
      xhr.send(body);
      if (xhr.status === 429) {
        // Too many saves in a minute (issue 13 item 7): the runtime keeps every value, so this
        // commit is held and sent again once the server allows it — the content carries on.
        this.holdForLater(url, body, Number(xhr.getResponseHeader('Retry-After')) || 5);
        return { result: 'true', errorCode: 0 };
      }
      if (xhr.status < 200 || xhr.status > 299) {
        if (xhr.status === 413 || xhr.status === 422) this.onRefused(refusalMessage(xhr.responseText));
        return FAILED;
      }
      // This commit holds everything a held one did, and more.
      this.dropHeld();
      const answer = JSON.parse(xhr.responseText) as Partial<ResultObject>;
      return answer.result === true || answer.result === 'true' ? { result: 'true', errorCode: 0 } : FAILED;
    } catch {
      // The browser refuses a synchronous XHR while the content's frame unloads (content that
      // finishes from its unload handler). A keepalive request still gets the data out, and the
      // player waits for it before showing the next SCO or the dashboard.
      if (sendKeepalive(url, body)) return { result: 'true', errorCode: 0 };
      return FAILED;
    }
  }

  private holdForLater(url: string, body: string, seconds: number): void {
    this.heldCommit = { url, body };
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.sendHeld(), Math.min(seconds, 120) * 1000);
  }

  private dropHeld(): void {
    this.heldCommit = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async sendHeld(): Promise<void> {
    this.retryTimer = null;
    const held = this.heldCommit;
    if (!held) return;
    const request = fetch(held.url, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json;charset=UTF-8' }, body: held.body });
    pendingCommits.add(request);
    try {
      const response = await request;
      if (this.heldCommit !== held) return;
      if (response.status === 429) this.holdForLater(held.url, held.body, Number(response.headers.get('Retry-After')) || 5);
      else {
        this.heldCommit = null;
        if (response.status === 413 || response.status === 422) this.onRefused(refusalMessage(await response.text()));
      }
    } catch {
      // Offline for a moment: try again shortly.
      if (this.heldCommit === held) this.holdForLater(held.url, held.body, 5);
    } finally {
      pendingCommits.delete(request);
    }
  }
}

const REFUSED_FALLBACK = 'The course could not save your latest progress. Your progress up to the last save is kept.';

/** The server's message of a refused commit (its JSON `message`), or a plain one. */
export function refusalMessage(responseText: string): string {
  try {
    const message = (JSON.parse(responseText) as { message?: unknown }).message;
    return typeof message === 'string' && message ? message : REFUSED_FALLBACK;
  } catch {
    return REFUSED_FALLBACK;
  }
}
