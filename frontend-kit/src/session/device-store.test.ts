import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimDeviceStore,
  clearDeviceStore,
  DEVICE_COMMITS,
  DEVICE_DB,
  deviceCopy,
  deviceCopyName,
  deviceCopyNames,
  deviceCopyOwner,
  forgetDeviceCopies,
  forgetDeviceCopy,
  keepDeviceCopy,
} from './device-store';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The player's database as its commit store makes it, holding these commits (each names its user). */
async function deviceWithCommits(factory: IDBFactory, commits: { userId: string; body: string }[]): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve) => {
    const request = factory.open(DEVICE_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(DEVICE_COMMITS, { keyPath: 'key', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
  });
  const transaction = db.transaction(DEVICE_COMMITS, 'readwrite');
  for (const commit of commits) transaction.objectStore(DEVICE_COMMITS).add(commit);
  await new Promise((resolve) => (transaction.oncomplete = resolve));
  db.close();
}

async function commitsOn(factory: IDBFactory): Promise<{ userId: string; body: string }[]> {
  const db = await new Promise<IDBDatabase>((resolve) => {
    const request = factory.open(DEVICE_DB);
    request.onsuccess = () => resolve(request.result);
  });
  const all = await new Promise<{ userId: string; body: string }[]>((resolve) => {
    const request = db.transaction(DEVICE_COMMITS).objectStore(DEVICE_COMMITS).getAll();
    request.onsuccess = () => resolve(request.result as { userId: string; body: string }[]);
  });
  db.close();
  return all.map(({ userId, body }) => ({ userId, body }));
}

describe('clearDeviceStore', () => {
  it('deletes the player’s device store', async () => {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    await new Promise<void>((resolve) => {
      const request = factory.open(DEVICE_DB, 1);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    expect((await factory.databases()).map((db) => db.name)).toEqual([DEVICE_DB]);
    clearDeviceStore();
    await vi.waitFor(async () => expect(await factory.databases()).toEqual([]));
  });
});

describe('device copies', () => {
  it('keeps, reads and forgets copies; sign-out clears every one of them and nothing else', () => {
    localStorage.setItem('unrelated', 'stays');
    keepDeviceCopy('shell', { user: { id: 7 } });
    keepDeviceCopy('launch:7:12', { seq: 3 });
    expect(deviceCopy('shell')).toEqual({ user: { id: 7 } });
    expect(deviceCopyNames().sort()).toEqual(['launch:7:12', 'shell']);
    forgetDeviceCopy('shell');
    expect(deviceCopy('shell')).toBeNull();
    clearDeviceStore();
    expect(deviceCopyNames()).toEqual([]);
    expect(localStorage.getItem('unrelated')).toBe('stays');
  });

  it('reads a damaged copy as none', () => {
    localStorage.setItem('portal-player:shell', '{not json');
    expect(deviceCopy('shell')).toBeNull();
  });
});

describe('the device store by user (issue 31 item 6)', () => {
  it('names each copy by its user', () => {
    expect(deviceCopyName('shell', 7)).toBe('shell:7');
    expect(deviceCopyName('launch', '7', '12')).toBe('launch:7:12');
    expect(deviceCopyOwner('launch:7:12')).toBe('7');
    expect(deviceCopyOwner('shell:7')).toBe('7');
    // An older release's header copy names nobody.
    expect(deviceCopyOwner('shell')).toBeNull();
  });

  it('when the session ends without sign-out, drops the copies and keeps the unsent commits for their user', async () => {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    await deviceWithCommits(factory, [{ userId: '7', body: '{"seq":1}' }]);
    keepDeviceCopy('shell:7', { user: { id: 7, name: 'Ann Able' } });
    keepDeviceCopy('launch:7:12', { cmi: { 0: { 'cmi.core.student_name': 'Able, Ann' } } });
    forgetDeviceCopies();
    expect(deviceCopyNames()).toEqual([]);
    expect(await commitsOn(factory)).toEqual([{ userId: '7', body: '{"seq":1}' }]);
  });

  it('when a user signs in, deletes everyone else’s copies and commits and keeps theirs', async () => {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    await deviceWithCommits(factory, [
      { userId: '7', body: '{"seq":1}' },
      { userId: '8', body: '{"seq":1}' },
      { userId: '7', body: '{"seq":2}' },
    ]);
    keepDeviceCopy('shell:7', { user: { id: 7 } });
    keepDeviceCopy('launch:7:12', { seq: 2 });
    keepDeviceCopy('launch:8:13', { seq: 1 });
    keepDeviceCopy('shell', { user: { id: 9 } });

    await claimDeviceStore(8);
    expect(deviceCopyNames()).toEqual(['launch:8:13']);
    expect(await commitsOn(factory)).toEqual([{ userId: '8', body: '{"seq":1}' }]);

    // The same user again: nothing of theirs goes.
    await claimDeviceStore('8');
    expect(deviceCopyNames()).toEqual(['launch:8:13']);
    expect(await commitsOn(factory)).toHaveLength(1);
  });

  it('a sign-in on a device that never played makes no database', async () => {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    await claimDeviceStore(7);
    expect(await factory.databases()).toEqual([]);
  });

  it('without IndexedDB, still drops the other user’s copies', async () => {
    vi.stubGlobal('indexedDB', undefined);
    keepDeviceCopy('launch:8:13', { seq: 1 });
    await claimDeviceStore(7);
    expect(deviceCopyNames()).toEqual([]);
  });
});
