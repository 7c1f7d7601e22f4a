import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, unwiredPort, type TestPlatform } from '../testing';
import { ScheduledRun } from './job.entity';
import { jobsSchema } from './jobs.migration';
import { createScheduler, defineTask, pruneScheduledRuns, scheduledTaskStatus } from './scheduler';

let platform: TestPlatform;
let clock: Date;
const runs: { task: string; occurrence: string }[] = [];
let dailyFails = false;

const daily = defineTask({
  name: 'test.daily',
  description: 'Once a day at 06:00',
  schedule: { every: 'day', hour: 6 },
  run({ occurrence }) {
    runs.push({ task: 'test.daily', occurrence: occurrence.toISOString() });
    return dailyFails ? Promise.reject(new Error('daily broke')) : Promise.resolve();
  },
});
const weekly = defineTask({
  name: 'test.weekly',
  description: 'Mondays at 07:00',
  schedule: { every: 'week', weekday: 1, hour: 7 },
  run({ occurrence }) {
    runs.push({ task: 'test.weekly', occurrence: occurrence.toISOString() });
    return Promise.resolve();
  },
});

beforeAll(async () => {
  platform = await createTestPlatform({
    schemas: [jobsSchema],
    ports: {
      identity: () => unwiredPort('identity'),
      catalogue: () => unwiredPort('catalogue'),
      enrolment: () => unwiredPort('enrolment'),
    },
    now: () => clock,
  });
});
afterAll(() => platform.close());
beforeEach(async () => {
  runs.length = 0;
  dailyFails = false;
  await platform.orm.em.fork().nativeDelete(ScheduledRun, {});
  // A Wednesday.
  clock = new Date('2026-05-13T05:00:00Z');
});

const scheduler = () => createScheduler({ orm: platform.orm, tasks: [daily, weekly], now: () => platform.now() });
const setClock = (iso: string) => {
  clock = new Date(iso);
};

describe('scheduler', () => {
  it('runs each occurrence once as the clock moves, and records every run', async () => {
    const s = scheduler();
    // The latest occurrences so far (the day before, last Monday) run at once.
    expect((await s.tick()).map((r) => [r.task, r.occurrence.toISOString(), r.outcome])).toEqual([
      ['test.daily', '2026-05-12T06:00:00.000Z', 'succeeded'],
      ['test.weekly', '2026-05-11T07:00:00.000Z', 'succeeded'],
    ]);
    expect(await s.tick()).toEqual([]);
    setClock('2026-05-13T05:59:59Z');
    expect(await s.tick()).toEqual([]);
    setClock('2026-05-13T06:00:00Z');
    expect((await s.tick()).map((r) => r.task)).toEqual(['test.daily']);
    setClock('2026-05-18T07:00:30Z');
    // Missed days are not replayed: the latest occurrence runs.
    expect((await s.tick()).map((r) => [r.task, r.occurrence.toISOString()])).toEqual([
      ['test.daily', '2026-05-18T06:00:00.000Z'],
      ['test.weekly', '2026-05-18T07:00:00.000Z'],
    ]);
    expect(runs).toHaveLength(5);

    const recorded = await platform.orm.em.fork().find(ScheduledRun, { task: 'test.daily' }, { orderBy: { occurrence: 'asc' } });
    expect(recorded.map((r) => [r.occurrence.toISOString(), r.outcome])).toEqual([
      ['2026-05-12T06:00:00.000Z', 'succeeded'],
      ['2026-05-13T06:00:00.000Z', 'succeeded'],
      ['2026-05-18T06:00:00.000Z', 'succeeded'],
    ]);
    expect(recorded[1]!.startedAt.toISOString()).toBe('2026-05-13T06:00:00.000Z');
    expect(recorded[1]!.finishedAt?.toISOString()).toBe('2026-05-13T06:00:00.000Z');
  });

  it('of two instances ticking together, only one runs an occurrence', async () => {
    const [a, b] = [scheduler(), scheduler()];
    const results = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(
      results
        .flat()
        .map((r) => r.task)
        .sort(),
    ).toEqual(['test.daily', 'test.weekly']);
    expect(runs).toHaveLength(2);
    expect(await platform.orm.em.fork().count(ScheduledRun, {})).toBe(2);
  });

  it('records a failed run with its error, and does not run that occurrence again', async () => {
    dailyFails = true;
    const s = scheduler();
    expect((await s.tick()).find((r) => r.task === 'test.daily')?.outcome).toBe('failed');
    const run = await platform.orm.em.fork().findOneOrFail(ScheduledRun, { task: 'test.daily' });
    expect(run.outcome).toBe('failed');
    expect(run.error).toContain('daily broke');
    dailyFails = false;
    expect(await s.tick()).toEqual([]);
  });

  it('reports each task’s last and next run, and prunes old records', async () => {
    await scheduler().tick();
    setClock('2026-05-13T08:00:00Z');
    const status = await scheduledTaskStatus(platform.orm.em.fork(), [daily, weekly], platform.now());
    expect(
      status.map((s) => [s.name, s.schedule, s.lastRun?.occurrence.toISOString(), s.lastRun?.outcome, s.nextRunAt.toISOString()]),
    ).toEqual([
      ['test.daily', 'Daily at 06:00 UTC', '2026-05-12T06:00:00.000Z', 'succeeded', '2026-05-14T06:00:00.000Z'],
      ['test.weekly', 'Weekly on Monday at 07:00 UTC', '2026-05-11T07:00:00.000Z', 'succeeded', '2026-05-18T07:00:00.000Z'],
    ]);
    expect(await pruneScheduledRuns(platform.orm.em.fork(), new Date('2026-05-13T06:00:00Z'))).toBe(2);
  });
});
