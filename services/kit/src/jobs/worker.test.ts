import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestPlatform, unwiredPort, type TestPlatform } from '../testing';
import type { Em } from '../db';
import { defineJob, PermanentJobError } from './job-definition';
import { FailedJob, FinishedJob, Job } from './job.entity';
import { jobsSchema } from './jobs.migration';
import { retryFailedJob } from './failed-jobs';
import { createWorker } from './worker';

let platform: TestPlatform;
let clock = new Date('2026-05-01T09:00:00Z');
const ran: { name: string; value: unknown; attempt: number }[] = [];
/** How many more times `flaky` throws before it succeeds. */
let flakyFailures = 0;

const record = defineJob({
  name: 'test.record',
  payload: z.object({ value: z.number() }),
  handle: (payload, run) => Promise.resolve(void ran.push({ name: run.name, value: payload.value, attempt: run.attempt })),
});
const flaky = defineJob({
  name: 'test.flaky',
  handle(payload: unknown, run) {
    if (flakyFailures > 0) {
      flakyFailures--;
      return Promise.reject(new Error(`flaky failure on try ${run.attempt}`));
    }
    ran.push({ name: run.name, value: payload, attempt: run.attempt });
    return Promise.resolve();
  },
});
const doomed = defineJob({ name: 'test.doomed', handle: () => Promise.reject(new PermanentJobError('cannot ever work')) });

beforeAll(async () => {
  platform = await createTestPlatform({
    schemas: [jobsSchema],
    ports: {
      identity: () => unwiredPort('identity'),
      catalogue: () => unwiredPort('catalogue'),
      enrolment: () => unwiredPort('enrolment'),
    },
    now: () => clock,
    jobDefinitions: [record, flaky, doomed],
  });
});
afterAll(() => platform.close());
beforeEach(async () => {
  ran.length = 0;
  platform.sentMail.length = 0;
  await platform.orm.em.fork().nativeDelete(Job, {});
  await platform.orm.em.fork().nativeDelete(FailedJob, {});
  await platform.orm.em.fork().nativeDelete(FinishedJob, {});
});

const em = () => platform.orm.em.fork();
const minutes = (n: number) => {
  clock = new Date(clock.getTime() + n * 60_000);
};
const seconds = (n: number) => {
  clock = new Date(clock.getTime() + n * 1000);
};
describe('job queue', () => {
  it('runs a job once and deletes it', async () => {
    await platform.jobs.enqueue('test.record', { value: 1 });
    expect(await em().count(Job, {})).toBe(1);
    expect(await platform.jobs.drain()).toBe(1);
    expect(ran).toEqual([{ name: 'test.record', value: 1, attempt: 1 }]);
    expect(await em().count(Job, {})).toBe(0);
    expect(await platform.jobs.drain()).toBe(0);
  });

  it('keeps a finished job a week under its own id, for the Cron Jobs tab (issue 24 item 17)', async () => {
    await platform.jobs.enqueue('test.record', { value: 7 });
    const { id } = await em().findOneOrFail(Job, { name: 'test.record' });
    await platform.jobs.drain();
    const finished = await em().findOneOrFail(FinishedJob, { id });
    expect([finished.name, finished.queue, finished.attempts, finished.finishedAt]).toEqual(['test.record', 'default', 1, clock]);
    expect(JSON.parse(finished.payload)).toEqual({ value: 7 });
    // A week and a minute later, the next finished job takes the old one's place.
    minutes(7 * 24 * 60 + 1);
    await platform.jobs.enqueue('test.record', { value: 8 });
    const next = await em().findOneOrFail(Job, { name: 'test.record' });
    await platform.jobs.drain();
    expect((await em().find(FinishedJob, {})).map((j) => j.id)).toEqual([next.id]);
  });

  it('enqueueMany writes a batch; a delayed job waits for the clock', async () => {
    await platform.jobs.enqueueMany([
      { name: 'test.record', payload: { value: 1 } },
      { name: 'test.record', payload: { value: 2 }, delayMs: 5 * 60_000 },
      { name: 'test.record', payload: { value: 3 }, queue: 'other' },
    ]);
    expect(await platform.jobs.drain()).toBe(2);
    expect(ran.map((r) => r.value).sort()).toEqual([1, 3]);
    minutes(5);
    expect(await platform.jobs.drain()).toBe(1);
    expect(ran.map((r) => r.value)).toContain(2);
  });

  it('with an em, the job exists only if the work commits', async () => {
    await em()
      .transactional(async (tx: Em) => {
        await platform.jobs.enqueue('test.record', { value: 10 }, { em: tx });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await em().count(Job, {})).toBe(0);
    await em().transactional((tx: Em) => platform.jobs.enqueue('test.record', { value: 11 }, { em: tx }));
    expect(await em().count(Job, {})).toBe(1);
    // Outside a transaction the job is written by the caller's flush.
    const unitOfWork = em();
    await platform.jobs.enqueue('test.record', { value: 12 }, { em: unitOfWork });
    expect(await em().count(Job, {})).toBe(1);
    await unitOfWork.flush();
    expect(await platform.jobs.drain()).toBe(2);
    expect(ran.map((r) => r.value).sort()).toEqual([11, 12]);
  });

  it('retries with back-off, then moves the job to failed_jobs with its error and stack; retryFailedJob runs it again', async () => {
    flakyFailures = 99;
    await platform.jobs.enqueue('test.flaky', { n: 1 });
    expect(await platform.jobs.drain()).toBe(1);
    const waiting = await em().findOneOrFail(Job, { name: 'test.flaky' });
    expect(waiting.attempts).toBe(1);
    expect(waiting.reservedAt).toBeNull();
    expect(waiting.lastError).toContain('flaky failure on try 1');
    expect(waiting.availableAt.getTime()).toBe(clock.getTime() + 10_000);
    // Not due before the back-off has passed.
    expect(await platform.jobs.drain()).toBe(0);
    minutes(1);
    expect(await platform.jobs.drain()).toBe(1);
    expect((await em().findOneOrFail(Job, { name: 'test.flaky' })).availableAt.getTime()).toBe(clock.getTime() + 60_000);
    minutes(1);
    expect(await platform.jobs.drain()).toBe(1);
    expect(await em().count(Job, {})).toBe(0);
    const failed = await em().findOneOrFail(FailedJob, { name: 'test.flaky' });
    expect(failed).toMatchObject({ queue: 'default', attempts: 3, error: 'flaky failure on try 3', payload: '{"n":1}' });
    expect(failed.stack).toContain('worker.test.ts');
    expect(ran).toEqual([]);

    flakyFailures = 0;
    const jobId = await retryFailedJob(em(), failed.id, clock);
    expect(jobId).toEqual(expect.any(Number));
    expect(await em().count(FailedJob, {})).toBe(0);
    expect(await platform.jobs.drain()).toBe(1);
    expect(ran).toEqual([{ name: 'test.flaky', value: { n: 1 }, attempt: 1 }]);
    expect(await retryFailedJob(em(), failed.id, clock)).toBeNull();
  });

  it('fails at once on a permanent error or a payload that does not fit', async () => {
    await platform.jobs.enqueue('test.doomed', {});
    await platform.jobs.enqueue('test.record', { value: 'not a number' });
    expect(await platform.jobs.drain()).toBe(2);
    const failed = await em().find(FailedJob, {}, { orderBy: { id: 'asc' } });
    expect(failed.map((f) => [f.name, f.attempts])).toEqual([
      ['test.doomed', 1],
      ['test.record', 1],
    ]);
    expect(failed[1]!.error).toContain('The payload does not fit test.record');
  });

  it('leaves alone the jobs it has no handler for, and a job reserved by a live worker', async () => {
    await platform.jobs.enqueue('test.unknown', {});
    await platform.jobs.enqueue('test.record', { value: 5 });
    const held = await em().findOneOrFail(Job, { name: 'test.record' });
    await em().nativeUpdate(Job, { id: held.id }, { reservedAt: clock, reservedBy: 'another-worker', attempts: 1 });
    expect(await platform.jobs.drain()).toBe(0);
    // The other worker died: once its reservation lapses (60 s unless renewed), the job runs again within a minute.
    seconds(59);
    expect(await platform.jobs.drain()).toBe(0);
    seconds(2);
    expect(await platform.jobs.drain()).toBe(1);
    expect(ran).toEqual([{ name: 'test.record', value: 5, attempt: 2 }]);
    expect(await em().count(Job, { name: 'test.unknown' })).toBe(1);
  });

  it("renews a running job's reservation on a heartbeat, so a long job is never taken by another worker", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let tries = 0;
    let started!: () => void;
    const start = new Promise<void>((resolve) => (started = resolve));
    const long = defineJob({ name: 'test.long', handle: async () => void (tries++, started(), await gate) });
    const worker = createWorker({ orm: platform.orm, now: () => clock, definitions: [long], heartbeatMs: 10 });
    const other = createWorker({ orm: platform.orm, now: () => clock, definitions: [long] });
    await platform.jobs.enqueue('test.long', {});
    const running = worker.runNext();
    await start;
    const reservedAt = async () => (await em().findOneOrFail(Job, { name: 'test.long' })).reservedAt?.getTime();
    for (let beat = 0; beat < 4; beat++) {
      seconds(45);
      const now = clock.getTime();
      // The heartbeat is the worker's own timer: wait until the row shows its renewal.
      await vi.waitFor(async () => expect(await reservedAt()).toBe(now), { timeout: 10_000, interval: 5 });
      // 45 s after the last renewal, 90 s and more after the claim: still the first worker's.
      expect(await other.runNext()).toBe(false);
    }
    release();
    expect(await running).toBe(true);
    expect(tries).toBe(1);
    expect(await em().count(Job, { name: 'test.long' })).toBe(0);
  });

  it('fails a job whose worker died during its last try', async () => {
    await platform.jobs.enqueue('test.record', { value: 6 });
    const held = await em().findOneOrFail(Job, { name: 'test.record' });
    await em().nativeUpdate(Job, { id: held.id }, { reservedAt: clock, reservedBy: 'dead-worker', attempts: 3, lastError: 'earlier' });
    minutes(16);
    expect(await platform.jobs.drain()).toBe(1);
    expect(ran).toEqual([]);
    const failed = await em().findOneOrFail(FailedJob, { name: 'test.record' });
    expect(failed.error).toContain('worker stopped during the last of 3 tries');
  });

  it('concurrent loops of one worker run each job once', async () => {
    await platform.jobs.enqueueMany(Array.from({ length: 40 }, (_, i) => ({ name: 'test.record', payload: { value: i } })));
    const worker = createWorker({ orm: platform.orm, now: () => clock, definitions: [record], concurrency: 4, pollMs: 10_000 });
    const other = createWorker({ orm: platform.orm, now: () => clock, definitions: [record], concurrency: 4, pollMs: 10_000 });
    worker.start();
    other.start();
    const deadline = Date.now() + 20_000;
    while (ran.length < 40 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([worker.stop(), other.stop()]);
    expect(ran.map((r) => r.value).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(await em().count(Job, {})).toBe(0);
  });
});

describe('mail through the queue', () => {
  it('send makes a mail.send job; the worker delivers it with its attachments', async () => {
    await platform.mailer.send({
      to: 'ann@example.test',
      subject: 'Your report',
      text: 'Attached.',
      attachments: [{ filename: 'report.xlsx', content: Buffer.from([0, 1, 2, 250]), contentType: 'application/octet-stream' }],
    });
    expect(platform.sentMail).toEqual([]);
    const job = await em().findOneOrFail(Job, { name: 'mail.send' });
    expect(job.queue).toBe('mail');
    expect(JSON.parse(job.payload)).toMatchObject({ attachments: [{ filename: 'report.xlsx', contentBase64: 'AAEC+g==' }] });
    await platform.jobs.drain();
    expect(platform.sentMail).toHaveLength(1);
    expect(platform.sentMail[0]!.attachments![0]!.content.equals(Buffer.from([0, 1, 2, 250]))).toBe(true);
  });

  it('sendMany queues every mail in one go; a mail sent without awaiting is drained too', async () => {
    await platform.mailer.sendMany([
      { to: 'a@example.test', subject: 'A', text: 'a' },
      { to: ['b@example.test', 'c@example.test'], subject: 'B', text: 'b' },
    ]);
    void platform.mailer.send({ to: 'd@example.test', subject: 'D', text: 'd' });
    expect(await platform.jobs.drain()).toBe(3);
    expect(platform.sentMail.map((m) => m.subject).sort()).toEqual(['A', 'B', 'D']);
  });
});
