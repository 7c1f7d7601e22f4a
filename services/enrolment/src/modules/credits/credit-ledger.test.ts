import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrolmentTestWorld, type EnrolmentTestWorld } from '../../testing';
import { CreditTransaction } from './credit.entity';
import { changeCredits, creditBalanceOf } from './credit.repository';
import { setCreditBalance } from './set-credit-balance';

let world: EnrolmentTestWorld;
beforeAll(async () => {
  world = await createEnrolmentTestWorld();
});
afterAll(() => world.close());

const ledgerOf = (companyId: number) => world.em().find(CreditTransaction, { companyId }, { orderBy: { id: 'asc' } });
const balanceOf = (companyId: number) => creditBalanceOf(world.em(), companyId);

describe('changeCredits', () => {
  it("opens a company's account on its first change and writes a ledger row with every change", async () => {
    const companyId = 41;
    expect(await balanceOf(companyId)).toBe(0);
    await changeCredits(world.em(), { companyId, delta: 12, kind: 'purchase', note: 'Order 1' });
    await changeCredits(world.em(), { companyId, delta: -2, kind: 'enrolment', enrolmentId: 9 });
    expect(await balanceOf(companyId)).toBe(10);
    expect(await ledgerOf(companyId)).toMatchObject([
      { delta: 12, kind: 'purchase', note: 'Order 1', enrolmentId: null },
      { delta: -2, kind: 'enrolment', note: null, enrolmentId: 9 },
    ]);
  });

  it("never loses a change when several reach an account at once (the account's row is what the lock holds)", async () => {
    const companyId = 42;
    await changeCredits(world.em(), { companyId, delta: 1, kind: 'purchase' });
    await Promise.all(Array.from({ length: 4 }, () => changeCredits(world.em(), { companyId, delta: 1, kind: 'adjustment' })));
    expect(await balanceOf(companyId)).toBe(5);
    expect(await ledgerOf(companyId)).toHaveLength(5);
  });

  it('opens an account once when many first changes arrive at once, each row with its running balance', async () => {
    const companyId = 44;
    await Promise.all(Array.from({ length: 20 }, () => changeCredits(world.em(), { companyId, delta: 2, kind: 'purchase' })));
    expect(await balanceOf(companyId)).toBe(40);
    expect((await ledgerOf(companyId)).map((row) => row.balanceAfter)).toEqual(Array.from({ length: 20 }, (_, i) => 2 * (i + 1)));
  });
});

describe('setCreditBalance', () => {
  it('records the difference as an adjustment, and nothing when the balance is already so', async () => {
    const companyId = 43;
    await setCreditBalance(world.em(), companyId, 5, 'Opening balance');
    await setCreditBalance(world.em(), companyId, 5, 'Same again');
    await setCreditBalance(world.em(), companyId, 2, 'Corrected', { userId: 3, name: 'Ada Admin' });
    expect(await balanceOf(companyId)).toBe(2);
    expect(await ledgerOf(companyId)).toMatchObject([
      { delta: 5, kind: 'adjustment', note: 'Opening balance', balanceAfter: 5, actorName: 'System', actorUserId: null },
      { delta: -3, kind: 'adjustment', note: 'Corrected', balanceAfter: 2, actorName: 'Ada Admin', actorUserId: 3 },
    ]);
  });
});
