import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDeviceStore, DEVICE_DB } from './device-store';

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
