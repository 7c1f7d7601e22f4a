import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerHttpService, waitForPendingCommits } from './player-http-service';

const settings = { requestHandler: (commit: unknown) => ({ ...(commit as object), seq: 7 }) };
const url = '/api/learn/attempts/1/commit?sco=a&token=t';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PlayerHttpService while the page goes away (issue 13 item 9)', () => {
  it('sends every commit by beacon, not only the final one, and answers each as success', () => {
    const beacon = vi.fn<(url: string, body?: BodyInit | null) => boolean>(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const http = new PlayerHttpService(settings, () => true);
    // A content Commit and an autocommit (not immediate), then the final one (immediate).
    expect(http.processHttpRequest(url, { cmi: { location: '3' } }, false)).toEqual({ result: 'true', errorCode: 0 });
    expect(http.processHttpRequest(url, { cmi: { location: '4' } }, false)).toEqual({ result: 'true', errorCode: 0 });
    expect(http.processHttpRequest(`${url}&final=true`, { cmi: { location: '4' } }, true)).toEqual({ result: 'true', errorCode: 0 });
    expect(beacon).toHaveBeenCalledTimes(3);
    expect(xhrOpen).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive request when the browser refuses the beacon (over its quota)', async () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"result":true,"errorCode":0}')));
    vi.stubGlobal('fetch', fetchMock);
    const http = new PlayerHttpService(settings, () => true);
    expect(http.processHttpRequest(url, { cmi: { suspend_data: 'x'.repeat(70_000) } }, false)).toEqual({ result: 'true', errorCode: 0 });
    expect(fetchMock).toHaveBeenCalledWith(url, expect.objectContaining({ keepalive: true, method: 'POST' }));
    await waitForPendingCommits();
  });

  it('sends a commit the browser refuses to send synchronously (an unloading frame) with keepalive, final or not', async () => {
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {
      throw new DOMException('Synchronous XHR in page dismissal', 'NetworkError');
    });
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    const http = new PlayerHttpService(settings, () => false);
    expect(http.processHttpRequest(url, { cmi: {} }, false)).toEqual({ result: 'true', errorCode: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ cmi: {}, seq: 7 });
    await waitForPendingCommits();
  });
});

/** A synchronous XHR that answers with this status, body and Retry-After (jsdom sends nothing). */
function answerXhr(status: number, body: string, retryAfter?: string) {
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => undefined);
  vi.spyOn(XMLHttpRequest.prototype, 'status', 'get').mockReturnValue(status);
  vi.spyOn(XMLHttpRequest.prototype, 'responseText', 'get').mockReturnValue(body);
  vi.spyOn(XMLHttpRequest.prototype, 'getResponseHeader').mockImplementation((name) => (name.toLowerCase() === 'retry-after' ? (retryAfter ?? null) : null));
}

describe('PlayerHttpService when the server holds a commit back (issue 13 item 7)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the server’s message when it refuses a commit for good (suspend data over the cap) and tells the content it failed', () => {
    const message = 'This course tried to save 300,000 characters of progress data; the portal keeps at most 256,000. Your progress up to the last save is kept.';
    answerXhr(422, JSON.stringify({ message, errors: { 'cmi.suspend_data': [message] } }));
    const refused = vi.fn();
    const http = new PlayerHttpService(settings, () => false, refused);
    expect(http.processHttpRequest(url, { cmi: { suspend_data: 'x' } }, false)).toEqual({ result: 'false', errorCode: 101 });
    expect(refused).toHaveBeenCalledWith(message);
  });

  it('keeps a commit answered 429 and sends it again after Retry-After, until the server takes it', async () => {
    vi.useFakeTimers();
    answerXhr(429, '{"message":"Too many saves"}', '30');
    const answers = [new Response('{}', { status: 429, headers: { 'Retry-After': '10' } }), new Response('{"result":true,"errorCode":0}')];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift()!));
    vi.stubGlobal('fetch', fetchMock);
    const refused = vi.fn();
    const http = new PlayerHttpService(settings, () => false, refused);
    // The content carries on: its data is kept by the runtime and this commit is held.
    expect(http.processHttpRequest(url, { cmi: { location: '9' } }, false)).toEqual({ result: 'true', errorCode: 0 });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body as string)).toEqual({ cmi: { location: '9' }, seq: 7 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(refused).not.toHaveBeenCalled();
  });

  it('drops a held commit once a later one is stored (it holds everything and more)', async () => {
    vi.useFakeTimers();
    answerXhr(429, '{}', '30');
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    const http = new PlayerHttpService(settings, () => false);
    http.processHttpRequest(url, { cmi: { location: '1' } }, false);
    answerXhr(200, '{"result":true,"errorCode":0}');
    expect(http.processHttpRequest(url, { cmi: { location: '2' } }, false)).toEqual({ result: 'true', errorCode: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
