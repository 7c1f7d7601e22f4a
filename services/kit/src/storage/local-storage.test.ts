import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from './local-storage';

let dir: string;
let storage: Storage;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'portal-storage-test-'));
  storage = createLocalStorage(join(dir, 'storage'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local storage', () => {
  it('stores text and bytes under nested keys and reads them back', async () => {
    await storage.put('courses/1/package/index.html', '<h1>Hi</h1>');
    await storage.put('logos/2.png', new Uint8Array([137, 80, 78, 71]));
    expect((await storage.get('courses/1/package/index.html')).toString('utf8')).toBe('<h1>Hi</h1>');
    expect([...(await storage.get('logos/2.png'))]).toEqual([137, 80, 78, 71]);
    expect(storage.localPath('logos/2.png')).toBe(join(dir, 'storage', 'logos', '2.png'));
  });

  it('overwrites a key, and removes a whole prefix', async () => {
    await storage.put('courses/9/a.txt', 'one');
    await storage.put('courses/9/a.txt', 'two');
    await storage.put('courses/9/sub/b.txt', 'b');
    expect((await storage.get('courses/9/a.txt')).toString()).toBe('two');
    await storage.remove('courses/9');
    expect(existsSync(storage.localPath('courses/9'))).toBe(false);
    await expect(storage.get('courses/9/a.txt')).rejects.toThrow();
    await expect(storage.remove('courses/does-not-exist')).resolves.toBeUndefined();
  });

  it.each(['../outside.txt', 'courses/../../outside.txt', '..', 'a/../../b'])('refuses the key %s, which escapes the root', async (key) => {
    await expect(storage.put(key, 'x')).rejects.toThrow(/escapes the storage root/);
    await expect(storage.get(key)).rejects.toThrow(/escapes the storage root/);
    await expect(storage.remove(key)).rejects.toThrow(/escapes the storage root/);
    expect(() => storage.localPath(key)).toThrow(/escapes the storage root/);
    expect(existsSync(join(dir, 'outside.txt'))).toBe(false);
  });

  it('keeps a key that only looks like an escape inside the root', async () => {
    await storage.put('a/../inside.txt', 'ok');
    expect(storage.localPath('a/../inside.txt')).toBe(join(dir, 'storage', 'inside.txt'));
    expect((await storage.get('inside.txt')).toString()).toBe('ok');
  });
});
