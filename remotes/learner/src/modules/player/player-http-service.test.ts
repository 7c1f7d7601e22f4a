import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommitQueue, type QueueHooks } from './commit-queue';
import type { CommitStore, StoredCommit } from './commit-store';
import { fetchSender, outcomeOf, PlayerHttpService } from './player-http-service';

const settings = { requestHandler: (commit: unknown) => ({ ...(commit as object), seq: 7 }) };
const url = '/api/learn/attempts/1/commit?sco=a&token=t';
const owner = { userId: '5', enrollmentId: '9', attemptId: 1 };
const OK = { result: 'true', errorCode: 0 };

/** The device store in memory (commit-queue.test.ts covers IndexedDB). */
function memoryStore(): CommitStore & { entries: Map<number, StoredCommit> } {
  const entries = new Map<number, StoredCommit>();
  let next = 1;
  return {
    entries,
    add: (entry) => {
      entries.set(next, entry);
      return Promise.resolve(next++);
    },
    remove: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
    all: () => Promise.resolve([...entries].map(([key, entry]) => ({ ...entry, key }))),
  };
}

function service(isPageHiding: boolean, hooks: QueueHooks = {}, onSignedOut = vi.fn()) {
  const store = memoryStore();
  const queue = new CommitQueue(store, fetchSender, hooks, onSignedOut);
  return { http: new PlayerHttpService(settings, () => isPageHiding, owner, queue), queue, store };
}

/** A synchronous XHR that answers with this status, body and Retry-After (jsdom sends nothing). */
function answerXhr(status: number, body: string, retryAfter?: string) {
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
  vi.spyOn(XMLHttpRequest.prototype, 'status', 'get').mockReturnValue(status);
  vi.spyOn(XMLHttpRequest.prototype, 'responseText', 'get').mockReturnValue(body);
  vi.spyOn(XMLHttpRequest.prototype, 'getResponseHeader').mockImplementation((name) =>
    name.toLowerCase() === 'retry-after' ? (retryAfter ?? null) : null,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PlayerHttpService while the page goes away (issue 13 item 9)', () => {
  it('sends every commit by beacon, answers each as success, and keeps each on the device until a later visit has the server’s word', async () => {
    const beacon = vi.fn<(url: string, body?: BodyInit | null) => boolean>(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { http, store } = service(true);
    expect(http.processHttpRequest(url, { cmi: { location: '3' } }, false)).toEqual(OK);
    expect(http.processHttpRequest(url, { cmi: { location: '4' } }, false)).toEqual(OK);
    expect(http.processHttpRequest(`${url}&final=true`, { cmi: { location: '4' } }, true)).toEqual(OK);
    expect(beacon).toHaveBeenCalledTimes(3);
    expect(xhrOpen).not.toHaveBeenCalled();
    await Promise.resolve();
    expect([...store.entries.values()].map((entry) => entry.url)).toEqual([url, url, `${url}&final=true`]);
  });

  it('falls back to a keepalive request when the browser refuses the beacon (over its quota)', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"result":true,"errorCode":0}')));
    vi.stubGlobal('fetch', fetchMock);
    const { http } = service(true);
    expect(http.processHttpRequest(url, { cmi: { suspend_data: 'x'.repeat(70_000) } }, false)).toEqual(OK);
    expect(fetchMock).toHaveBeenCalledWith(url, expect.objectContaining({ keepalive: true, method: 'POST' }));
  });
});

describe('PlayerHttpService and the device queue (issue 22)', () => {
  it('sends a commit the browser refuses to send synchronously (an unloading frame) from the queue, with keepalive', async () => {
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {
      throw new DOMException('Synchronous XHR in page dismissal', 'NetworkError');
    });
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"result":true,"errorCode":0,"applied":true,"superseded":false}')));
    vi.stubGlobal('fetch', fetchMock);
    const { http, queue, store } = service(false);
    expect(http.processHttpRequest(url, { cmi: {} }, false)).toEqual(OK);
    await queue.settled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.keepalive).toBe(true);
    expect(JSON.parse(init.body as string)).toEqual({ cmi: {}, seq: 7 });
    expect(queue.getState()).toEqual({ phase: 'saved', waiting: 0 });
    expect(store.entries.size).toBe(0);
  });

  it('offline: tells the content it saved, keeps the commit on the device, and sends later ones after it', () => {
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {
      throw new DOMException('Failed to execute send', 'NetworkError');
    });
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const sendSpy = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { http, queue } = service(false);
    expect(http.processHttpRequest(url, { cmi: { location: '1' } }, false)).toEqual(OK);
    expect(http.processHttpRequest(url, { cmi: { location: '2' } }, false)).toEqual(OK);
    // The second went straight to the queue: no synchronous try while commits wait for the network.
    expect(sendSpy).toHaveBeenCalledTimes(1);
    expect(queue.getState()).toEqual({ phase: 'offline', waiting: 2 });
  });

  it('shows the server’s message when it refuses a commit for good (suspend data over the cap) and tells the content it failed', () => {
    const message =
      'This course tried to save 300,000 characters of progress data; the portal keeps at most 256,000. Your progress up to the last save is kept.';
    answerXhr(422, JSON.stringify({ message, errors: { 'cmi.suspend_data': [message] } }));
    const onRefused = vi.fn();
    const { http, queue } = service(false, { onRefused });
    expect(http.processHttpRequest(url, { cmi: { suspend_data: 'x' } }, false)).toEqual({ result: 'false', errorCode: 101 });
    expect(onRefused).toHaveBeenCalledWith(message, 422);
    expect(queue.waiting).toBe(0);
  });

  it('keeps a commit answered 429 and sends it again after Retry-After, until the server takes it', async () => {
    vi.useFakeTimers();
    answerXhr(429, '{"message":"Too many saves"}', '30');
    const answers = [new Response('{}', { status: 429, headers: { 'Retry-After': '10' } }), new Response('{"result":true,"errorCode":0}')];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift()!));
    vi.stubGlobal('fetch', fetchMock);
    const { http } = service(false);
    // The content carries on: its data is kept and this commit is held.
    expect(http.processHttpRequest(url, { cmi: { location: '9' } }, false)).toEqual(OK);
    // The queue tries once at once (the server may allow it by then), then waits as asked.
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      cmi: { location: '9' },
      seq: 7,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a 401 (the session ended): tells the content it saved, keeps the commit on the device and asks whether to leave (issue 31 item 6)', async () => {
    vi.useFakeTimers();
    answerXhr(401, '{"message":"Unauthenticated."}');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"message":"Unauthenticated."}', { status: 401 }))),
    );
    const onRefused = vi.fn();
    const onSignedOut = vi.fn();
    const { http, queue, store } = service(false, { onRefused }, onSignedOut);
    expect(http.processHttpRequest(url, { cmi: { location: '9' } }, false)).toEqual(OK);
    await vi.advanceTimersByTimeAsync(0);
    expect(onSignedOut).toHaveBeenCalled();
    expect(onRefused).not.toHaveBeenCalled();
    expect(queue.waiting).toBe(1);
    expect([...store.entries.values()].map((entry) => entry.userId)).toEqual(['5']);
  });

  it('tells the player when the server says another tab or device has continued the course', () => {
    answerXhr(200, '{"result":true,"errorCode":0,"applied":false,"superseded":true}');
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const onSuperseded = vi.fn();
    const { http } = service(false, { onSuperseded });
    expect(http.processHttpRequest(url, { cmi: {} }, false)).toEqual(OK);
    expect(onSuperseded).toHaveBeenCalledWith(1);
  });
});

describe('outcomeOf', () => {
  it('reads the commit answer', () => {
    expect(outcomeOf(200, '{"result":true,"errorCode":0,"applied":true,"superseded":false}', null)).toEqual({ kind: 'applied' });
    expect(outcomeOf(200, '{"result":true,"errorCode":0,"applied":false,"superseded":false}', null)).toEqual({ kind: 'repeat' });
    expect(outcomeOf(429, '', '12')).toEqual({ kind: 'later', seconds: 12 });
    expect(outcomeOf(503, '', null)).toEqual({ kind: 'later', seconds: 5 });
    expect(outcomeOf(401, '{"message":"Unauthenticated."}', null)).toEqual({ kind: 'signed-out' });
    expect(outcomeOf(404, '{"message":"This course session was not found. Reopen the course."}', null)).toEqual({
      kind: 'refused',
      status: 404,
      message: 'This course session was not found. Reopen the course.',
    });
  });
});
