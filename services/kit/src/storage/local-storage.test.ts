import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { describeStorageContract } from './storage-contract';

const dir = mkdtempSync(join(tmpdir(), 'portal-storage-test-'));
describeStorageContract('local', async () => ({
  storage: createLocalStorage(join(dir, 'storage')),
  close: async () => rmSync(dir, { recursive: true, force: true }),
}));

it('keeps its files under the root folder, and nothing outside it', async () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-storage-root-'));
  const storage = createLocalStorage(join(root, 'storage'));
  await storage.put('logos/2.png', 'x');
  expect(existsSync(join(root, 'storage', 'logos', '2.png'))).toBe(true);
  await expect(storage.put('../outside.txt', 'x')).rejects.toThrow(/escapes/);
  expect(existsSync(join(root, 'outside.txt'))).toBe(false);
  rmSync(root, { recursive: true, force: true });
});
