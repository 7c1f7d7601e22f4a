import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, unwiredPort, type TestPlatform } from '../testing';
import { jobsSchema } from '../jobs';
import type { CataloguePort, EnrolmentPort, IdentityPort } from '../ports';
import { readRows, rowBoolean, rowDate } from './rows';
import { preparedRead } from './prepared-read';
import { preparedWrite } from './prepared-write';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform({
    schemas: [jobsSchema],
    ports: {
      identity: () => unwiredPort<IdentityPort>('identity'),
      catalogue: () => unwiredPort<CataloguePort>('catalogue'),
      enrolment: () => unwiredPort<EnrolmentPort>('enrolment'),
    },
  });
});
afterAll(() => platform.close());

describe('readRows', () => {
  it('answers plain rows, with dates and booleans readable by rowDate and rowBoolean', async () => {
    const em = platform.orm.em.fork();
    const at = new Date('2026-03-04T05:06:07.000Z');
    await em
      .getKnex()('jobs')
      .insert({
        name: 'rows-plain',
        payload: '{}',
        available_at: em.getPlatform().processDateProperty(at),
        created_at: em.getPlatform().processDateProperty(at),
      });
    const rows = await readRows<{ name: string; available_at: unknown; reserved: unknown }>(
      em,
      em.getKnex()('jobs').select('name', 'available_at', em.getKnex().raw('1 as reserved')).where('name', 'rows-plain'),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('rows-plain');
    expect(rowDate(rows[0]!.available_at)?.toISOString()).toBe(at.toISOString());
    expect(rowBoolean(rows[0]!.reserved)).toBe(true);
  });

  it("runs on the entity manager's transaction: sees its own uncommitted rows (and on SQLite's one connection does not wait for itself)", async () => {
    await platform.orm.em.fork().transactional(async (tx) => {
      const now = tx.getPlatform().processDateProperty(new Date());
      await tx.execute(tx.getKnex()('jobs').insert({ name: 'rows-in-transaction', payload: '{}', available_at: now, created_at: now }));
      const rows = await readRows<{ name: string }>(tx, tx.getKnex()('jobs').select('name').where('name', 'rows-in-transaction'));
      expect(rows.map((row) => row.name)).toEqual(['rows-in-transaction']);
    });
  });
});

describe('preparedRead', () => {
  const jobsNamed = preparedRead<{ name: string; queue: string }, [names: string[], queue: string | null]>((knex, names, queue) =>
    knex('jobs').select('name', 'queue').whereIn('name', names).where('queue', queue).orderBy('name'),
  );
  async function insertJobs(em: ReturnType<typeof platform.orm.em.fork>, names: string[], queue = 'default') {
    const now = em.getPlatform().processDateProperty(new Date());
    // em.execute: on the entity manager's transaction when it has one.
    await em.execute(
      em
        .getKnex()('jobs')
        .insert(names.map((name) => ({ name, queue, payload: '{}', available_at: now, created_at: now }))),
    );
  }

  it('answers what readRows answers, for other values and list lengths, from the entity manager or the ORM', async () => {
    await insertJobs(platform.orm.em.fork(), ['prepared-a', 'prepared-b', 'prepared-c']);
    await insertJobs(platform.orm.em.fork(), ['prepared-d'], 'other');
    expect(await jobsNamed(platform.orm.em.fork(), ['prepared-a'], 'default')).toEqual([{ name: 'prepared-a', queue: 'default' }]);
    expect((await jobsNamed(platform.orm, ['prepared-c', 'prepared-b', 'prepared-x'], 'default')).map((r) => r.name)).toEqual([
      'prepared-b',
      'prepared-c',
    ]);
    expect(await jobsNamed(platform.orm, ['prepared-d'], 'default')).toEqual([]);
    expect(await jobsNamed(platform.orm, ['prepared-d'], 'other')).toEqual([{ name: 'prepared-d', queue: 'other' }]);
    // A null is `is null` (another shape), an empty list matches nothing.
    expect(await jobsNamed(platform.orm, ['prepared-a'], null)).toEqual([]);
    expect(await jobsNamed(platform.orm, [], 'default')).toEqual([]);
    // Numbers, limits and offsets too.
    const page = preparedRead<{ name: string }, [names: string[], limit: number, offset: number]>((knex, names, limit, offset) =>
      knex('jobs').select('name').whereIn('name', names).orderBy('name').limit(limit).offset(offset),
    );
    const names = ['prepared-a', 'prepared-b', 'prepared-c'];
    expect((await page(platform.orm, names, 2, 0)).map((r) => r.name)).toEqual(['prepared-a', 'prepared-b']);
    expect((await page(platform.orm, names, 1, 2)).map((r) => r.name)).toEqual(['prepared-c']);
  });

  it("runs on the entity manager's transaction: sees its own uncommitted rows", async () => {
    await platform.orm.em.fork().transactional(async (tx) => {
      await insertJobs(tx, ['prepared-in-transaction']);
      expect(await jobsNamed(tx, ['prepared-in-transaction'], 'default')).toHaveLength(1);
    });
  });

  it("never reads another transaction's uncommitted rows (SQLite: waits while a transaction holds its one connection)", async () => {
    let outside: Promise<unknown[]> | undefined;
    await expect(
      platform.orm.em.fork().transactional(async (tx) => {
        await insertJobs(tx, ['prepared-rolled-back']);
        outside = jobsNamed(platform.orm, ['prepared-rolled-back'], 'default');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toEqual([]);
  });

  it('refuses a query that does not bind its arguments as given', async () => {
    const written = preparedRead<{ name: string }, [name: string]>((knex, name) =>
      knex('jobs').select('name').whereRaw(`name = '${name}'`),
    );
    await expect(written(platform.orm, 'x')).rejects.toThrow(/written into the SQL/);
    const changed = preparedRead<{ name: string }, [name: string]>((knex, name) =>
      knex('jobs').select('name').where('name', name.toUpperCase()),
    );
    await expect(changed(platform.orm, 'x')).rejects.toThrow(/not bound as it was given/);
  });
});

describe('preparedWrite', () => {
  const insertJobs = preparedWrite<[rows: { name: string; payload: string; available_at: unknown; created_at: unknown }[]]>((knex, rows) =>
    knex('jobs').insert(rows),
  );
  const setPayload = preparedWrite<[name: string, fields: { payload: string; attempts: number }]>((knex, name, fields) =>
    knex('jobs').where('name', name).update(fields),
  );
  const namesLike = (em: ReturnType<typeof platform.orm.em.fork>, prefix: string) =>
    readRows<{ name: string; payload: string; attempts: number }>(
      em,
      em.getKnex()('jobs').select('name', 'payload', 'attempts').where('name', 'like', `${prefix}%`).orderBy('name'),
    );

  it('writes rows of several shapes with their own values, and updates with a row of fields', async () => {
    const em = platform.orm.em.fork();
    const at = em.getPlatform().processDateProperty(new Date());
    const row = (name: string) => ({ name, payload: `{"n":"${name}"}`, available_at: at, created_at: at });
    expect((await insertJobs(em, [row('pw-a'), row('pw-b')])).changes).toBe(2);
    expect((await insertJobs(em, [row('pw-c')])).insertId).toBeGreaterThan(0);
    expect((await insertJobs(em, [row('pw-d'), row('pw-e')])).changes).toBe(2);
    expect((await setPayload(em, 'pw-b', { payload: 'changed', attempts: 3 })).changes).toBe(1);
    expect(await namesLike(em, 'pw-')).toEqual([
      { name: 'pw-a', payload: '{"n":"pw-a"}', attempts: 0 },
      { name: 'pw-b', payload: 'changed', attempts: 3 },
      { name: 'pw-c', payload: '{"n":"pw-c"}', attempts: 0 },
      { name: 'pw-d', payload: '{"n":"pw-d"}', attempts: 0 },
      { name: 'pw-e', payload: '{"n":"pw-e"}', attempts: 0 },
    ]);
  });

  it("writes on the entity manager's transaction: rolled back with it", async () => {
    await expect(
      platform.orm.em.fork().transactional(async (tx) => {
        const at = tx.getPlatform().processDateProperty(new Date());
        await insertJobs(tx, [{ name: 'pw-rolled-back', payload: '{}', available_at: at, created_at: at }]);
        expect((await namesLike(tx, 'pw-rolled-back')).length).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await namesLike(platform.orm.em.fork(), 'pw-rolled-back')).toEqual([]);
  });
});

describe('rowDate and rowBoolean', () => {
  it('read each database’s way of answering', () => {
    const iso = '2026-11-25T15:00:01.000Z';
    expect(rowDate(Date.parse(iso))?.toISOString()).toBe(iso);
    expect(rowDate(String(Date.parse(iso)))?.toISOString()).toBe(iso);
    expect(rowDate('2026-11-25 15:00:01')?.toISOString()).toBe(iso);
    expect(rowDate(new Date(iso))?.toISOString()).toBe(iso);
    expect(rowDate(null)).toBeNull();
    expect([rowBoolean(1), rowBoolean('1'), rowBoolean(true), rowBoolean(0), rowBoolean(null)]).toEqual([true, true, true, false, false]);
  });
});
