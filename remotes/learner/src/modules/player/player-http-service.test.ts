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
