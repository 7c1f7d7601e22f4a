import { request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { drainable } from './graceful-close';

describe('drainable', () => {
  it('answers the request in hand, closes its connection after the answer, and then stops', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const inHand = new Promise<void>((resolve) => (arrived = resolve));
    const app = new Hono();
    app.get('/slow', async (c) => {
      arrived();
      await held;
      return c.text('done');
    });
    app.get('/quick', (c) => c.text('quick'));
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    const lifecycle = drainable(server);
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true });
    const get = (path: string) =>
      new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, agent }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
        })
          .on('error', reject)
          .end();
      });
    // An idle keep-alive connection, and a request in hand on another.
    expect((await get('/quick')).body).toBe('quick');
    const slow = get('/slow');
    await inHand;
    let closed = false;
    const closing = lifecycle.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    const answer = await slow;
    expect(answer).toEqual({ status: 200, body: 'done', connection: 'close' });
    await closing;
    expect(closed).toBe(true);
    await expect(get('/quick')).rejects.toThrow();
    agent.destroy();
  });
});
