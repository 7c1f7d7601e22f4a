import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileResponse } from './serve-stored';
import type { Storage } from './storage';

/** The adapter under test and a scratch folder, set once the contract's suite has opened them. */
interface ContractContext {
  storage: Storage;
  scratch: string;
}

/**
 * What every storage adapter must do (local disk, S3): the same tests run against each, so the
 * services cannot tell which one they were given.
 */
export function describeStorageContract(name: string, open: () => Promise<{ storage: Storage; close: () => Promise<void> }>) {
  describe(`${name} storage (the port's contract)`, () => {
    const ctx = {} as ContractContext;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage: ctx.storage, close } = await open());
      ctx.scratch = mkdtempSync(join(tmpdir(), 'portal-storage-contract-'));
    });
    afterAll(async () => {
      await close();
      rmSync(ctx.scratch, { recursive: true, force: true });
    });
    keysContract(ctx);
    streamsContract(ctx);
    httpContract(ctx);
  });
}

/** Keys: stored, overwritten, listed and removed by prefix; none escapes the root. */
function keysContract(ctx: ContractContext) {
  it('stores text and bytes under nested keys and reads them back', async () => {
    const { storage } = ctx;
    await storage.put('courses/1/package/index.html', '<h1>Hi</h1>');
    await storage.put('logos/2.png', new Uint8Array([137, 80, 78, 71]));
    expect((await storage.get('courses/1/package/index.html')).toString('utf8')).toBe('<h1>Hi</h1>');
    expect([...(await storage.get('logos/2.png'))]).toEqual([137, 80, 78, 71]);
    expect(await storage.stat('logos/2.png')).toMatchObject({ size: 4, etag: expect.stringMatching(/^"[^"]+"$/) });
  });

  it('overwrites a key (with a new ETag), and removes a whole prefix but not its namesakes', async () => {
    const { storage } = ctx;
    await storage.put('courses/9/a.txt', 'one');
    const before = await storage.stat('courses/9/a.txt');
    await storage.put('courses/9/a.txt', 'two!');
    const after = await storage.stat('courses/9/a.txt');
    expect(after?.size).toBe(4);
    expect(after?.etag).not.toBe(before?.etag);
    await storage.put('courses/9/sub/b.txt', 'b');
    await storage.put('courses/90/c.txt', 'c');
    expect((await storage.get('courses/9/a.txt')).toString()).toBe('two!');
    // A folder's keys, relative and sorted, never its namesake's.
    expect(await storage.list('courses/9')).toEqual(['a.txt', 'sub/b.txt']);
    expect(await storage.list('courses/nothing-here')).toEqual([]);
    await storage.remove('courses/9');
    expect(await storage.list('courses/9')).toEqual([]);
    expect(await storage.stat('courses/9/a.txt')).toBeNull();
    expect(await storage.stat('courses/9/sub/b.txt')).toBeNull();
    await expect(storage.get('courses/9/a.txt')).rejects.toThrow();
    await expect(storage.read('courses/9/a.txt')).rejects.toThrow();
    expect((await storage.get('courses/90/c.txt')).toString()).toBe('c');
    await expect(storage.remove('courses/does-not-exist')).resolves.toBeUndefined();
    await storage.remove('courses/90/c.txt');
    expect(await storage.stat('courses/90/c.txt')).toBeNull();
  });

  it.each(['../outside.txt', 'courses/../../outside.txt', '..', 'a/../../b'])('refuses the key %s, which escapes the root', async (key) => {
    const { storage } = ctx;
    await expect(storage.put(key, 'x')).rejects.toThrow(/escapes the storage root/);
    await expect(storage.get(key)).rejects.toThrow(/escapes the storage root/);
    await expect(storage.remove(key)).rejects.toThrow(/escapes the storage root/);
  });

  it('never removes the whole store', async () => {
    const { storage } = ctx;
    await expect(storage.remove('.')).rejects.toThrow(/storage root/);
    await expect(storage.remove('')).rejects.toThrow(/storage root/);
  });

  it('resolves no dot-dot segment, even one that would stay inside the root (one spelling per key)', async () => {
    const { storage } = ctx;
    await expect(storage.put('a/../inside.txt', 'ok')).rejects.toThrow(/escapes the storage root/);
    await expect(storage.get('courses/2/package/../../3/package/imsmanifest.xml')).rejects.toThrow(/escapes the storage root/);
    expect(await storage.stat('courses/2/package/../../3/package/imsmanifest.xml').catch(() => 'refused')).toBe('refused');
  });
}

/** Files and streams in, byte ranges out. */
function streamsContract(ctx: ContractContext) {
  it('stores files and streams as streams, and reads byte ranges', async () => {
    const { storage } = ctx;
    const bytes = Buffer.alloc(300_000, 0);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
    const path = join(ctx.scratch, 'big.bin');
    writeFileSync(path, bytes);
    await storage.putFile('courses/5/package/big.bin', path);
    await storage.putStream('courses/5/package/streamed.bin', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
    for (const key of ['courses/5/package/big.bin', 'courses/5/package/streamed.bin']) {
      expect((await storage.stat(key))?.size).toBe(bytes.length);
      expect((await buffer(await storage.read(key))).equals(bytes)).toBe(true);
      expect((await buffer(await storage.read(key, { start: 1000, end: 1999 }))).equals(bytes.subarray(1000, 2000))).toBe(true);
    }
  });
}

/** storedFileResponse over the adapter: ranges, ETags, HEAD and missing files. */
function httpContract(ctx: ContractContext) {
  it('answers HTTP from storage: ranges, ETag revalidation, HEAD and missing files', async () => {
    const { storage } = ctx;
    const key = 'courses/6/package/clip.bin';
    await storage.put(key, new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const url = 'http://content.test/x';
    const headers = { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'private, max-age=300' };
    const whole = (await storedFileResponse(storage, key, new Request(url), headers))!;
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('10');
    expect(whole.headers.get('cache-control')).toBe('private, max-age=300');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const etag = whole.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect([...new Uint8Array(await whole.arrayBuffer())]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const part = (await storedFileResponse(storage, key, new Request(url, { headers: { Range: 'bytes=2-4' } }), headers))!;
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([2, 3, 4]);
    const tail = (await storedFileResponse(storage, key, new Request(url, { headers: { Range: 'bytes=-3' } }), headers))!;
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([7, 8, 9]);
    expect((await storedFileResponse(storage, key, new Request(url, { headers: { Range: 'bytes=20-' } }), headers))!.status).toBe(416);
    // A range of another version of the file is not spliced in: the whole file.
    expect(
      (await storedFileResponse(storage, key, new Request(url, { headers: { Range: 'bytes=2-4', 'If-Range': '"old"' } }), headers))!.status,
    ).toBe(200);

    const unchanged = (await storedFileResponse(storage, key, new Request(url, { headers: { 'If-None-Match': etag } }), headers))!;
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    const head = (await storedFileResponse(storage, key, new Request(url, { method: 'HEAD' }), headers))!;
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    expect(await storedFileResponse(storage, 'courses/6/package/none.bin', new Request(url), headers)).toBeNull();

    await storage.put(key, new Uint8Array([1]));
    expect((await storedFileResponse(storage, key, new Request(url, { headers: { 'If-None-Match': etag } }), headers))!.status).toBe(200);
  });
}
