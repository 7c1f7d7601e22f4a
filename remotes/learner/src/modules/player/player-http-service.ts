import type { IHttpService, ResultObject, Settings } from 'scorm-again';
import { CommitQueue, type SendOutcome } from './commit-queue';
import { indexedDbStore } from './commit-store';

const OK: ResultObject = { result: 'true', errorCode: 0 };
const FAILED: ResultObject = { result: 'false', errorCode: 101 };
const JSON_TYPE = 'application/json;charset=UTF-8';
/** Browsers cap a keepalive request's body at 64 KiB: a larger one goes as a plain request. */
const KEEPALIVE_MAX = 60_000;

/** What a commit's HTTP answer means for the queue. */
export function outcomeOf(status: number, responseText: string, retryAfter: string | null): SendOutcome {
  if (status >= 200 && status < 300) {
    let answer: { applied?: unknown; superseded?: unknown } = {};
    try {
      answer = JSON.parse(responseText) as typeof answer;
    } catch {
      // A 2xx without our body: taken as stored.
    }
    if (answer.superseded === true) return { kind: 'superseded' };
    return answer.applied === false ? { kind: 'repeat' } : { kind: 'applied' };
  }
  // The session ended (expired, ended elsewhere): the commit is still this user's to send after they sign in again.
  if (status === 401) return { kind: 'signed-out' };
  if (status === 429) return { kind: 'later', seconds: Number(retryAfter) || 5 };
  if (status >= 500 || status === 0) return { kind: 'later', seconds: 5 };
  return { kind: 'refused', status, message: refusalMessage(responseText) };
}

/** How the queue sends a commit that waited: a request that outlives the frame (keepalive) when small enough. */
export async function fetchSender(url: string, body: string): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      keepalive: body.length < KEEPALIVE_MAX,
      credentials: 'same-origin',
      headers: { 'Content-Type': JSON_TYPE },
      body,
    });
  } catch {
    return { kind: 'offline' };
  }
  return outcomeOf(response.status, await response.text().catch(() => ''), response.headers.get('Retry-After'));
}

let shared: CommitQueue | null = null;
/** The tab's one commit queue (its commits outlive a player page: a drain goes on after the player has left). */
export function commitQueue(): CommitQueue {
  shared ??= new CommitQueue(indexedDbStore, fetchSender);
  return shared;
}

/** The player waits for commits still on their way before it moves on; not for the network (the course goes on offline). */
export async function waitForPendingCommits(queue: CommitQueue = commitQueue()): Promise<void> {
  await queue.settled();
}

/** Sends a commit that must outlive the page: a beacon, or a keepalive request when the browser refuses the beacon. */
function sendWhileLeaving(url: string, body: string): void {
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' })))
    return;
  if (typeof fetch === 'function')
    void fetch(url, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body,
    }).catch(() => undefined);
}

/** Whose commits these are (kept with each one on the device). */
export interface CommitOwner {
  userId: string;
  enrollmentId: string;
  attemptId: number;
}

/**
 * How commits travel (issue 22: docs/decisions.md "Offline player"). Every commit is first put in
 * the device's queue (IndexedDB), then sent as a synchronous XHR, so that the server has it
 * before Commit/LMSFinish/Terminate returns, as SCORM expects. When it cannot go now (no network,
 * commits already waiting, the server asking for later, a frame unloading that refuses synchronous
 * requests) the content is told it succeeded (it is safe on the device) and the queue sends it in
 * order when it can. While the page is being hidden or closed every commit goes by beacon, and
 * stays on the device until a later visit has the server's word on it (a repeat is dropped).
 * All carry the launch token in the URL (a beacon cannot send the XSRF header).
 */
export class PlayerHttpService implements IHttpService {
  constructor(
    private settings: Settings,
    private readonly isPageHiding: () => boolean,
    private readonly owner: CommitOwner,
    private readonly queue: CommitQueue = commitQueue(),
  ) {}

  updateSettings(settings: Settings): void {
    this.settings = settings;
  }

  processHttpRequest(url: string, params: unknown, _immediate: boolean, ...rest: unknown[]): ResultObject {
    const metadata = rest[3] as Parameters<NonNullable<Settings['requestHandler']>>[1];
    const payload = this.settings.requestHandler ? (this.settings.requestHandler(params, metadata) ?? params) : params;
    const body = JSON.stringify(payload);
    const item = this.queue.add({ ...this.owner, url, body });
    if (this.isPageHiding()) {
      sendWhileLeaving(url, body);
      return OK;
    }
    if (!this.queue.maySendNow(item)) {
      void this.queue.drain();
      return OK;
    }
    let outcome: SendOutcome;
    try {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url, false);
      xhr.setRequestHeader('Content-Type', JSON_TYPE);
      xhr.send(body);
      outcome = outcomeOf(xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After'));
    } catch {
      // No network, or the browser refusing a synchronous request while the content's frame
      // unloads (content that finishes from its unload handler): the queue sends it by fetch.
      outcome = navigator.onLine === false ? { kind: 'offline' } : { kind: 'later', seconds: 0 };
    }
    this.queue.settle(item, outcome);
    // Refused for good (e.g. too much suspend data): the content is told; the rest is kept.
    return outcome.kind === 'refused' ? FAILED : OK;
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
