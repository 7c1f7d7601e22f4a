import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommitQueue, type SendOutcome } from './commit-queue';
import { indexedDbStore, resetDeviceStoreConnection, type StoredCommit } from './commit-store';

const commit = (seq: number, over: Partial<StoredCommit> = {}): StoredCommit => ({
  userId: '7',
  enrollmentId: '40',
  attemptId: 3,
  url: '/api/learn/attempts/3/commit?sco=a&token=t',
  body: JSON.stringify({ cmi: { location: `p${seq}` }, seq }),
  ...over,
});

/** A server that answers with `answer` and records each body's seq. */
function server(answer: (seq: number) => SendOutcome = () => ({ kind: 'applied' })) {
  const seen: number[] = [];
  const send = vi.fn((_url: string, body: string) => {
    const seq = (JSON.parse(body) as { seq: number }).seq;
    seen.push(seq);
    return Promise.resolve(answer(seq));
  });
  return { send, seen };
}

/** Puts a commit in the queue as the player does when its immediate send found no network. */
function addOffline(queue: CommitQueue, entry: StoredCommit) {
  const item = queue.add(entry);
  queue.settle(item, { kind: 'offline' });
}

/** Lets fake-indexeddb finish its pending requests (it works by setImmediate, which stays real). */
async function settleDevice() {
  for (let turn = 0; turn < 30; turn++) await new Promise((resolve) => setImmediate(resolve));
}

const storedSeqs = async () =>
  (await settleDevice(), await indexedDbStore.all()).map((entry) => (JSON.parse(entry.body) as { seq: number }).seq);

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  resetDeviceStoreConnection();
  // Only the queue's own timers: fake-indexeddb works by setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(async () => {
  // A test's last removals land in its own database, not the next test's.
  await settleDevice();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CommitQueue (issue 22)', () => {
  it('keeps commits on the device while offline and sends them in order, once, when the network returns', async () => {
    let isOnline = false;
    const { send, seen } = server();
    send.mockImplementation((_url, body) => {
      if (!isOnline) return Promise.resolve({ kind: 'offline' });
      seen.push((JSON.parse(body) as { seq: number }).seq);
      return Promise.resolve({ kind: 'applied' });
    });
    const queue = new CommitQueue(indexedDbStore, send, { offlineRetryMs: 5000 });
    for (const seq of [1, 2, 3]) addOffline(queue, commit(seq));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState()).toEqual({ phase: 'offline', waiting: 3 });
    expect(await storedSeqs()).toEqual([1, 2, 3]);
    // Still offline: nothing goes, nothing is lost.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(seen).toEqual([]);

    isOnline = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1, 2, 3]);
    expect(queue.getState()).toEqual({ phase: 'synced', waiting: 0 });
    expect(await storedSeqs()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('retries after a network failure, and a new commit waits its turn behind the ones already waiting', async () => {
    const failures = [true, true];
    const { send, seen } = server();
    send.mockImplementation((_url, body) => {
      if (failures.shift()) return Promise.reject(new TypeError('Failed to fetch'));
      seen.push((JSON.parse(body) as { seq: number }).seq);
      return Promise.resolve({ kind: 'applied' });
    });
    const queue = new CommitQueue(indexedDbStore, send, { offlineRetryMs: 5000 });
    addOffline(queue, commit(1));
    const later = queue.add(commit(2));
    expect(queue.maySendNow(later)).toBe(false);
    void queue.drain();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState().phase).toBe('offline');
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toEqual([1, 2]);
    expect(queue.getState()).toEqual({ phase: 'synced', waiting: 0 });
  });

  it('drops a repeat and a stale commit with a log line, tells the player when continued elsewhere, and never retries them', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { send, seen } = server((seq) => (seq === 1 ? { kind: 'repeat' } : seq === 2 ? { kind: 'superseded' } : { kind: 'applied' }));
    const onSuperseded = vi.fn();
    const queue = new CommitQueue(indexedDbStore, send, { onSuperseded });
    for (const seq of [1, 2]) queue.add(commit(seq));
    queue.add(commit(5, { attemptId: 4, url: '/api/learn/attempts/4/commit?sco=a&token=u' }));
    await queue.drain();
    expect(seen).toEqual([1, 2, 5]);
    expect(onSuperseded).toHaveBeenCalledWith(3);
    expect(info).toHaveBeenCalledTimes(2);
    expect(info.mock.calls[0]![0]).toContain('already stored');
    expect(info.mock.calls[1]![0]).toContain('continued somewhere else');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual([1, 2, 5]);
    expect(await storedSeqs()).toEqual([]);
  });

  it('waits as long as the server asks (429 Retry-After) before sending again', async () => {
    const answers: SendOutcome[] = [{ kind: 'later', seconds: 30 }, { kind: 'applied' }];
    const { send } = server(() => answers.shift()!);
    const queue = new CommitQueue(indexedDbStore, send);
    queue.add(commit(1));
    void queue.drain();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(send).toHaveBeenCalledTimes(1);
    // The learner is told why their progress waits (issue 31 item 3).
    expect(queue.getState()).toEqual({ phase: 'paused', waiting: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.waiting).toBe(0);
    expect(queue.getState().phase).toBe('saved');
  });

  it('keeps a commit answered 401 on the device for its user, asks whether the session ended, and sends it once it is accepted', async () => {
    const answers: SendOutcome[] = [{ kind: 'signed-out' }, { kind: 'applied' }];
    const { send, seen } = server(() => answers.shift()!);
    const onSignedOut = vi.fn();
    const queue = new CommitQueue(indexedDbStore, send, {}, onSignedOut);
    queue.add(commit(1));
    void queue.drain();
    await vi.advanceTimersByTimeAsync(0);
    expect(onSignedOut).toHaveBeenCalledOnce();
    // Not dropped (a refusal would be): the same user signing in again sends it.
    expect(queue.waiting).toBe(1);
    expect(await storedSeqs()).toEqual([1]);
    // The session renewed meanwhile (signed in again in another tab): the retry goes through.
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toEqual([1, 1]);
    expect(queue.waiting).toBe(0);
    expect(await storedSeqs()).toEqual([]);
  });

  it('on the next visit sends what an earlier page left, oldest first; another user’s commits are deleted unsent', async () => {
    const closedTab = new CommitQueue(indexedDbStore, () => Promise.resolve({ kind: 'offline' }));
    addOffline(closedTab, commit(1));
    addOffline(closedTab, commit(2, { userId: '8' }));
    addOffline(closedTab, commit(3));
    addOffline(closedTab, commit(4, { enrollmentId: '41' }));
    await settleDevice();

    const { send, seen } = server();
    const nextVisit = new CommitQueue(indexedDbStore, send);
    expect(await nextVisit.restore('7', '40')).toBe(2);
    await nextVisit.drain();
    expect(seen).toEqual([1, 3]);
    await settleDevice();
    // Only the same user's other enrolment is left for its own visit.
    expect((await indexedDbStore.all()).map((entry) => entry.enrollmentId)).toEqual(['41']);
  });

  it('a commit stored at once makes older held commits of its SCO stale (the server would drop them)', async () => {
    const { send, seen } = server();
    const queue = new CommitQueue(indexedDbStore, send);
    const held = queue.add(commit(1));
    queue.settle(held, { kind: 'later', seconds: 30 });
    const next = queue.add(commit(2));
    expect(queue.maySendNow(next)).toBe(true);
    queue.settle(next, { kind: 'applied' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.filter((seq) => seq === 2)).toEqual([]);
    expect(queue.getState()).toEqual({ phase: 'saved', waiting: 0 });
    expect(await storedSeqs()).toEqual([]);
  });
});
