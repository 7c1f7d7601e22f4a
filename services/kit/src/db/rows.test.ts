import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, unwiredPort, type TestPlatform } from '../testing';
import { jobsSchema } from '../jobs';
import type { CataloguePort, EnrolmentPort, IdentityPort } from '../ports';
import { readRows, rowBoolean, rowDate } from './rows';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform({
    schemas: [jobsSchema],
    ports: { identity: () => unwiredPort<IdentityPort>('identity'), catalogue: () => unwiredPort<CataloguePort>('catalogue'), enrolment: () => unwiredPort<EnrolmentPort>('enrolment') },
  });
});
afterAll(() => platform.close());

describe('readRows', () => {
  it('answers plain rows, with dates and booleans readable by rowDate and rowBoolean', async () => {
    const em = platform.orm.em.fork();
    const at = new Date('2026-03-04T05:06:07.000Z');
    await em.getKnex()('jobs').insert({ name: 'rows-plain', payload: '{}', available_at: em.getPlatform().processDateProperty(at), created_at: em.getPlatform().processDateProperty(at) });
    const rows = await readRows<{ name: string; available_at: unknown; reserved: unknown }>(em, em.getKnex()('jobs').select('name', 'available_at', em.getKnex().raw('1 as reserved')).where('name', 'rows-plain'));
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
