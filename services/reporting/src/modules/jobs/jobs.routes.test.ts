import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contracts';
import { defineTask, FailedJob, FinishedJob, Job, ScheduledRun } from '@portal/service-kit';
import { createFakeIdentityPort, createTestPlatform, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createReportingApp } from '../../app';
import { reportingService } from '../../service';
import { MASK } from './mask-payload';

const NOW = new Date('2026-06-30T12:00:00Z');
let platform: TestPlatform;
let app: ReturnType<typeof createReportingApp>;
const sessions = {} as Record<Role, string>;
const failedIds: number[] = [];

const task = defineTask({
  name: 'test.daily',
  description: 'A daily test task.',
  schedule: { every: 'day', hour: 3, minute: 15 },
  run: async () => {},
});

beforeAll(async () => {
  // The tab reads the kit's job tables only: reporting alone, identity an in-memory port.
  const identity = createFakeIdentityPort();
  platform = await createTestPlatform({ services: [reportingService], ports: { identity: () => identity.port } });
  platform.now = () => NOW;
  app = createReportingApp(platform, { scheduledTasks: () => [task] });
  const em = platform.orm.em.fork();
  const companyId = identity.company({ name: 'Portal' }).id;
  for (const role of ['learner', 'manager', 'admin'] as const) sessions[role] = identity.signIn(identity.user({ role, companyId }).id);

  await platform.jobs.enqueue('mail.send', {
    to: 'a@b.test',
    text: 'Sign in: https://portal.test/login/link?token=secret123',
    loginToken: 'abc',
  });
  const running = em.create(Job, {
    queue: 'default',
    name: 'report.weekly',
    payload: '{}',
    attempts: 1,
    availableAt: NOW,
    reservedAt: NOW,
    reservedBy: 'worker-1',
    lastError: null,
    createdAt: NOW,
  });
  for (const name of ['mail.send', 'report.weekly']) {
    const failed = em.create(FailedJob, {
      queue: 'mail',
      name,
      payload: JSON.stringify({ password: 'p', to: 'x@y.test' }),
      error: 'SMTP down',
      stack: 'Error: SMTP down\n    at send',
      attempts: 3,
      createdAt: NOW,
      failedAt: NOW,
    });
    await em.flush();
    failedIds.push(failed.id);
  }
  em.create(ScheduledRun, {
    task: 'test.daily',
    occurrence: new Date('2026-06-30T03:15:00Z'),
    startedAt: new Date('2026-06-30T03:15:01Z'),
    finishedAt: new Date('2026-06-30T03:15:02Z'),
    outcome: 'succeeded',
    error: null,
  });
  await em.flush();
  expect(running.id).toBeGreaterThan(0);
});
afterAll(() => platform.close());

const client = (role: Role = 'admin') => new TestClient(app, { sessionToken: sessions[role] });
async function body<T>(response: Response, status = 200): Promise<T> {
  expect(response.status).toBe(status);
  return (await response.json()) as T;
}

describe('Cron Jobs tab', () => {
  it('lists queued and running jobs with their state, searchable', async () => {
    const page = await body<{ data: { name: string; state: string; queue: string }[]; total: number }>(
      await client().request('/api/admin/jobs'),
    );
    expect(page.total).toBe(2);
    expect(page.data.map((j) => [j.name, j.queue, j.state]).sort()).toEqual([
      ['mail.send', 'default', 'queued'],
      ['report.weekly', 'default', 'running'],
    ]);
    const searched = await body<{ data: { name: string }[] }>(await client().request('/api/admin/jobs?search=weekly'));
    expect(searched.data.map((j) => j.name)).toEqual(['report.weekly']);
  });

  it('shows a job with its payload masked', async () => {
    const page = await body<{ data: { id: number; name: string }[] }>(await client().request('/api/admin/jobs?search=mail.send'));
    const detail = await body<{ payload: Record<string, string> }>(await client().request(`/api/admin/jobs/${page.data[0]!.id}`));
    expect(detail.payload).toEqual({ to: 'a@b.test', text: `Sign in: https://portal.test/login/link?token=${MASK}`, loginToken: MASK });
    expect((await client().request('/api/admin/jobs/999999')).status).toBe(404);
  });

  it('lists the jobs that finished in the last week too, newest first, and opens one (issue 24 item 17)', async () => {
    const em = platform.orm.em.fork();
    const done = em.create(FinishedJob, {
      id: 900001,
      queue: 'mail',
      name: 'mail.sent-earlier',
      payload: JSON.stringify({ to: 'c@d.test', password: 'hunter2' }),
      attempts: 1,
      availableAt: new Date('2026-06-30T11:00:00Z'),
      createdAt: new Date('2026-06-30T11:00:00Z'),
      finishedAt: new Date('2026-06-30T11:00:01Z'),
    });
    await em.flush();
    try {
      const page = await body<{ data: { id: number; name: string; state: string; finished_at: string | null }[]; total: number }>(
        await client().request('/api/admin/jobs'),
      );
      expect(page.total).toBe(3);
      expect(page.data[0]).toMatchObject({
        id: 900001,
        name: 'mail.sent-earlier',
        state: 'finished',
        finished_at: '2026-06-30T11:00:01.000Z',
      });
      const detail = await body<{ state: string; payload: Record<string, string>; reserved_at: string | null }>(
        await client().request('/api/admin/jobs/900001'),
      );
      expect(detail).toMatchObject({ state: 'finished', payload: { to: 'c@d.test', password: MASK }, reserved_at: null });
    } finally {
      await platform.orm.em.fork().nativeDelete(FinishedJob, { id: done.id });
    }
  });

  it('lists failed jobs and shows one with its error, stack and masked payload', async () => {
    const page = await body<{ total: number }>(await client().request('/api/admin/failed-jobs'));
    expect(page.total).toBe(2);
    const detail = await body<{ error: string; stack: string; payload: unknown }>(
      await client().request(`/api/admin/failed-jobs/${failedIds[0]}`),
    );
    expect(detail).toMatchObject({
      error: 'SMTP down',
      stack: 'Error: SMTP down\n    at send',
      payload: { password: MASK, to: 'x@y.test' },
    });
  });

  it('gives the scheduled tasks their last and next run', async () => {
    const tasks = await body<{ data: { name: string; last_run: { outcome: string } | null; next_run_at: string }[] }>(
      await client().request('/api/admin/scheduled-tasks'),
    );
    expect(tasks.data).toEqual([
      expect.objectContaining({
        name: 'test.daily',
        last_run: expect.objectContaining({ outcome: 'succeeded' }),
        next_run_at: '2026-07-01T03:15:00.000Z',
      }),
    ]);
  });

  it('refuses learners and managers', async () => {
    for (const role of ['learner', 'manager'] as const) {
      expect((await client(role).request('/api/admin/jobs')).status).toBe(403);
      expect((await client(role).request('/api/admin/failed-jobs/retry', { method: 'POST' })).status).toBe(403);
    }
  });

  it('retries one failed job (back in the queue), deletes one, and then has none', async () => {
    expect(
      await body<{ count: number }>(await client().request(`/api/admin/failed-jobs/${failedIds[0]}/retry`, { method: 'POST' })),
    ).toMatchObject({ count: 1 });
    expect((await client().request(`/api/admin/failed-jobs/${failedIds[0]}/retry`, { method: 'POST' })).status).toBe(404);
    expect((await body<{ total: number }>(await client().request('/api/admin/jobs'))).total).toBe(3);
    expect(
      await body<{ count: number }>(await client().request(`/api/admin/failed-jobs/${failedIds[1]}`, { method: 'DELETE' })),
    ).toMatchObject({ count: 1 });
    expect((await body<{ total: number }>(await client().request('/api/admin/failed-jobs'))).total).toBe(0);
  });

  it('retries all and deletes all', async () => {
    const em = platform.orm.em.fork();
    for (let i = 0; i < 3; i++)
      em.create(FailedJob, {
        queue: 'mail',
        name: `bulk.${i}`,
        payload: '{}',
        error: 'x',
        stack: null,
        attempts: 3,
        createdAt: NOW,
        failedAt: NOW,
      });
    await em.flush();
    expect(await body<{ message: string }>(await client().request('/api/admin/failed-jobs/retry', { method: 'POST' }))).toMatchObject({
      message: '3 failed jobs are back in the queue.',
    });
    em.create(FailedJob, {
      queue: 'mail',
      name: 'bulk.x',
      payload: '{}',
      error: 'x',
      stack: null,
      attempts: 3,
      createdAt: NOW,
      failedAt: NOW,
    });
    await em.flush();
    expect(await body<{ count: number }>(await client().request('/api/admin/failed-jobs', { method: 'DELETE' }))).toMatchObject({
      count: 1,
    });
  });
});
