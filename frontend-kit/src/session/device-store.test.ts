import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDeviceStore, DEVICE_DB, deviceCopy, deviceCopyNames, forgetDeviceCopy, keepDeviceCopy } from './device-store';

afterEach(() => vi.unstubAllGlobals());

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
