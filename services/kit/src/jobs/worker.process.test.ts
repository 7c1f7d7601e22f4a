import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestPlatform, unwiredPort, type TestPlatform } from '../testing';
import { FailedJob, Job } from './job.entity';
import { jobsSchema } from './jobs.migration';

/*
 * Worker PROCESSES on the test database (SQLite file, or MariaDB with MYSQL_URL): each runs
 * test-support/worker-process.ts, whose jobs record every run in job_runs.
 */
let platform: TestPlatform;
const children: ChildProcess[] = [];

beforeAll(async () => {
  platform = await createTestPlatform({
    schemas: [jobsSchema],
    ports: {
      identity: () => unwiredPort('identity'),
      catalogue: () => unwiredPort('catalogue'),
      enrolment: () => unwiredPort('enrolment'),
    },
  });
  const knex = platform.orm.em.getKnex();
  await knex.schema.createTable('job_runs', (t) => {
    t.increments('id').primary();
    t.string('job_key', 64).notNullable();
    t.string('worker', 128).notNullable();
    t.integer('attempt').notNullable();
  });
});
afterEach(async () => {
  await Promise.all(children.splice(0).map(stopChild));
});
afterAll(() => platform.close());
beforeEach(async () => {
  const em = platform.orm.em.fork();
  await em.nativeDelete(Job, {});
  await em.nativeDelete(FailedJob, {});
  await em.execute('DELETE FROM job_runs');
});

function startWorker(env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'test-support/worker-process.ts')], {
    cwd: join(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: platform.env.dataDir,
      ...(platform.env.DATABASE_URL ? { DATABASE_URL: platform.env.DATABASE_URL } : {}),
      WORKER_CONCURRENCY: '2',
      WORKER_POLL_MS: '20',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready: ${errors}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    // Not SIGTERM: a worker stops gracefully by finishing its jobs, and test.hang never finishes.
    child.kill('SIGKILL');
  });
}

/** Waits for the condition (vitest polls it), failing with what it waited for. */
async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 120_000) {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error(`Timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

const runs = async () =>
  (
    await platform.orm.em
      .fork()
      .execute<{ job_key: string; worker: string; attempt: number }[]>('SELECT job_key, worker, attempt FROM job_runs ORDER BY id')
  ).map((r) => ({
    ...r,
    attempt: Number(r.attempt),
  }));
const jobCount = () => platform.orm.em.fork().count(Job, {});

// Child processes start slowly on a busy machine: the waits inside have their own deadlines.
describe('worker processes', { timeout: 180_000 }, () => {
  it('two processes drain 1,000 jobs and run none twice', async () => {
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    expect(a!.pid).not.toBe(b!.pid);
    await platform.jobs.enqueueMany(Array.from({ length: 1000 }, (_, i) => ({ name: 'test.count', payload: { key: `job-${i}` } })));
    await waitFor('the queue to empty', async () => (await jobCount()) === 0);
    const all = await runs();
    expect(all).toHaveLength(1000);
    expect(new Set(all.map((r) => r.job_key)).size).toBe(1000);
    expect(all.every((r) => r.attempt === 1)).toBe(true);
    // Both processes took part (each has two loops).
    const processes = new Set(all.map((r) => r.worker.split('#')[0]));
    expect(processes.size).toBe(2);
    expect(await platform.orm.em.fork().count(FailedJob, {})).toBe(0);
  });

  it('a worker killed with SIGKILL mid-job loses nothing: the job runs again once its reservation times out', async () => {
    const env = { JOB_RESERVE_TIMEOUT_MS: '1500' };
    const first = await startWorker(env);
    await platform.jobs.enqueue('test.hang', { key: 'hang-1' });
    await waitFor('the first try to start', async () => (await runs()).length === 1);
    const exited = new Promise((resolve) => first.on('exit', resolve));
    first.kill('SIGKILL');
    await exited;
    expect(await jobCount()).toBe(1);

    await startWorker(env);
    await waitFor('the job to finish', async () => (await jobCount()) === 0);
    const all = await runs();
    expect(all.map((r) => [r.job_key, r.attempt])).toEqual([
      ['hang-1', 1],
      ['hang-1', 2],
    ]);
    expect(all[0]!.worker).not.toBe(all[1]!.worker);
    expect(await platform.orm.em.fork().count(FailedJob, {})).toBe(0);
  });
});
