import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, unwiredPort, type TestPlatform } from '../testing';
import { jobsSchema } from '../jobs';
import type { CataloguePort, EnrolmentPort, IdentityPort } from '../ports';
import { directTransaction } from './direct-transaction';
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

const insertJob = preparedWrite<[row: { name: string; payload: string; available_at: unknown; created_at: unknown }]>((knex, row) =>
  knex('jobs').insert(row),
);
const setAttempts = preparedWrite<[name: string, fields: { attempts: number }]>((knex, name, fields) =>
  knex('jobs').where('name', name).update(fields),
);
// By primary key: on MySQL an update by an unindexed column locks every row it scans.
const setAttemptsOf = preparedWrite<[id: number, fields: { attempts: number }]>((knex, id, fields) =>
  knex('jobs').where('id', id).update(fields),
);
const jobsNamed = preparedRead<{ name: string; attempts: number }, [prefix: string]>((knex, prefix) =>
  knex('jobs').select('name', 'attempts').where('name', 'like', prefix).orderBy('name'),
);

describe('directTransaction', () => {
  const row = (name: string) => {
    const at = platform.orm.em.getPlatform().processDateProperty(new Date());
    return { name, payload: '{}', available_at: at, created_at: at };
  };

  it('commits its prepared statements together, reading its own writes, and answers what the work answers', async () => {
    const result = await directTransaction(platform.orm, async (tx) => {
      expect((await insertJob(tx, row('dt-a'))).insertId).toBeGreaterThan(0);
      await insertJob(tx, row('dt-b'));
      expect((await setAttempts(tx, 'dt-b', { attempts: 2 })).changes).toBe(1);
      return (await jobsNamed(tx, 'dt-%')).length;
    });
    expect(result).toBe(2);
    expect(await jobsNamed(platform.orm, 'dt-%')).toEqual([
      { name: 'dt-a', attempts: 0 },
      { name: 'dt-b', attempts: 2 },
    ]);
  });

  it('rolls everything back when the work throws, and nobody outside sees its rows meanwhile', async () => {
    let outside: Promise<unknown[]> | undefined;
    await expect(
      directTransaction(platform.orm.em.fork(), async (tx) => {
        await insertJob(tx, row('dt-rolled-back'));
        outside = jobsNamed(platform.orm, 'dt-rolled-back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toEqual([]);
    expect(await jobsNamed(platform.orm, 'dt-rolled-back')).toEqual([]);
  });

  it('rolls back after a failing statement, and the connection goes on serving', async () => {
    await expect(
      directTransaction(platform.orm, async (tx) => {
        await insertJob(tx, row('dt-before-failure'));
        await insertJob(tx, { ...row('dt-failing'), payload: null as unknown as string });
      }),
    ).rejects.toThrow();
    expect(await jobsNamed(platform.orm, 'dt-%fail%')).toEqual([]);
    await directTransaction(platform.orm, (tx) => insertJob(tx, row('dt-after-failure')));
    expect((await jobsNamed(platform.orm, 'dt-after-failure')).length).toBe(1);
  });

  it('runs transactions one after another when they overlap (each its own connection, or SQLite’s one in turn)', async () => {
    await Promise.all(
      ['dt-c', 'dt-d', 'dt-e'].map((name) =>
        directTransaction(platform.orm, async (tx) => {
          const { insertId } = await insertJob(tx, row(name));
          await setAttemptsOf(tx, insertId!, { attempts: 1 });
        }),
      ),
    );
    expect(await jobsNamed(platform.orm, 'dt-_')).toEqual(
      ['dt-a', 'dt-b', 'dt-c', 'dt-d', 'dt-e'].map((name) => ({ name, attempts: name === 'dt-b' ? 2 : name === 'dt-a' ? 0 : 1 })),
    );
  });
});
