import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepPlayerPageOffline, playerFiles } from './offline-page';

afterEach(() => {
  vi.restoreAllMocks();
  delete document.documentElement.dataset.playerOffline;
});

/** A service worker container whose worker answers `keep` with `answer`. */
function containerAnswering(answer: 'kept' | 'failed') {
  const target = new EventTarget();
  const worker = { postMessage: vi.fn(() => target.dispatchEvent(new MessageEvent('message', { data: { type: answer } }))) };
  const container = Object.assign(target, { register: vi.fn(() => Promise.resolve({})), ready: Promise.resolve({ active: worker }) });
  return { container: container as unknown as ServiceWorkerContainer, worker };
}

describe('keepPlayerPageOffline (issue 22 item 3)', () => {
  it('registers the player worker on /learn/ and has it keep the page and its files', async () => {
    const { container, worker } = containerAnswering('kept');
    await expect(keepPlayerPageOffline(container)).resolves.toBe(true);
    expect(container.register).toHaveBeenCalledWith('/learn-sw.js', { scope: '/learn/' });
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'keep', urls: expect.arrayContaining([window.location.href]) as unknown });
    expect(document.documentElement.dataset.playerOffline).toBe('ready');
  });

  it('is quietly nothing without service workers, or when the worker could not keep them', async () => {
    await expect(keepPlayerPageOffline(undefined)).resolves.toBe(false);
    await expect(keepPlayerPageOffline(containerAnswering('failed').container)).resolves.toBe(false);
    const refusing = { register: () => Promise.reject(new Error('insecure')) } as unknown as ServiceWorkerContainer;
    await expect(keepPlayerPageOffline(refusing)).resolves.toBe(false);
    expect(document.documentElement.dataset.playerOffline).toBeUndefined();
  });

  it('lists the page and only the shells’ and remotes’ files of this origin', () => {
    const origin = window.location.origin;
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue(
      [
        `${origin}/shells/portal/main.js`,
        `${origin}/remotes/learner/mf-manifest.json`,
        `${origin}/api/shell`,
        'https://elsewhere.test/remotes/x.js',
      ].map((name) => ({ name })) as PerformanceEntryList,
    );
    expect(playerFiles()).toEqual([window.location.href, `${origin}/shells/portal/main.js`, `${origin}/remotes/learner/mf-manifest.json`]);
  });
});
