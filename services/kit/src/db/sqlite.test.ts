import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../testing/env';
import { createOrm, type Orm } from './orm';
import { preparedStatement, STATEMENT_CACHE_SIZE } from './sqlite';

// The SQLite driver's own behaviour; the MySQL project has nothing of it to test.
describe.runIf(TEST_DATABASE === 'sqlite')('the SQLite driver (sqlite.ts)', () => {
  let dir: string;
  let orm: Orm;
  const knex = () => orm.em.getKnex();
  const client = () =>
    knex().client as unknown as {
      acquireConnection(): Promise<Parameters<typeof preparedStatement>[0]>;
      releaseConnection(connection: unknown): Promise<void>;
      validateConnection(connection: unknown): boolean;
    };
  async function withConnection<T>(work: (connection: Parameters<typeof preparedStatement>[0]) => T): Promise<T> {
    const connection = await client().acquireConnection();
    try {
      return work(connection);
    } finally {
      await client().releaseConnection(connection);
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-sqlite-'));
    orm = await createOrm({ dataDir: dir, schemas: [] });
    await knex().raw('create table things (id integer primary key, name text not null unique, parent_id integer references things(id))');
  });
  afterAll(async () => {
    await orm.close(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives every connection WAL, synchronous NORMAL and foreign keys', async () => {
    const pragma = async (name: string) => Object.values(((await knex().raw(`pragma ${name}`)) as Record<string, unknown>[])[0]!)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1);
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it('runs a kept statement again with other values, also after one of its runs failed', async () => {
    const insert = (name: string) => knex()('things').insert({ name });
    const named = async (name: string) =>
      ((await knex()('things').select('name').where({ name })) as { name: string }[]).map((row) => row.name);
    await insert('first');
    await insert('second');
    expect(await named('first')).toEqual(['first']);
    expect(await named('second')).toEqual(['second']);
    await expect(insert('first')).rejects.toThrow(/UNIQUE/);
    await insert('third');
    expect(await named('third')).toEqual(['third']);
    await expect(knex()('things').insert({ name: 'orphan', parent_id: 999 })).rejects.toThrow(/FOREIGN KEY/);
    expect(await knex()('things').count({ n: '*' })).toEqual([{ n: 3 }]);
  });

  it('prepares a statement once per connection, and keeps the most recently used', async () => {
    await withConnection((connection) => {
      const sql = 'select name from things where id = ?';
      expect(preparedStatement(connection, sql)).toBe(preparedStatement(connection, sql));
      const first = preparedStatement(connection, 'select 0 as n');
      for (let i = 1; i <= STATEMENT_CACHE_SIZE; i++) preparedStatement(connection, `select ${i} as n`);
      expect(preparedStatement(connection, 'select 0 as n')).not.toBe(first);
      expect(preparedStatement(connection, `select ${STATEMENT_CACHE_SIZE} as n`)).toBe(
        preparedStatement(connection, `select ${STATEMENT_CACHE_SIZE} as n`),
      );
    });
  });

  it('keeps its connection however old (libsql took a local connection older than 10 s for a dead one)', async () => {
    await withConnection((connection) => {
      (connection as { __created?: number }).__created = 0;
      expect(client().validateConnection(connection)).toBe(true);
    });
  });
});
