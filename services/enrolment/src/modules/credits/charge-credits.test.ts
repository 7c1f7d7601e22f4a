import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES } from '@portal/contracts';
import { AppError, type CreditActor } from '@portal/service-kit';
import { createEnrolmentTestWorld, makeCreditAccount, type EnrolmentTestWorld } from '../../testing';
import { Enrolment } from '../enrolments/enrolment.entity';
import { CreditTransaction } from './credit.entity';
import { creditBalanceOf, ledgerSumOf } from './credit.repository';
import { chargeEnrolments, creditPayersOf, refundEnrolments } from './charge-credits';

let world: EnrolmentTestWorld;
beforeAll(async () => {
  world = await createEnrolmentTestWorld();
});
afterAll(() => world.close());

const actor: CreditActor = { userId: 7, name: 'Mia Manager' };
const fresh = () => world.em();
const balanceOf = (companyId: number) => creditBalanceOf(fresh(), companyId);
const ledgerOf = (companyId: number) => fresh().find(CreditTransaction, { companyId }, { orderBy: { id: 'asc' } });

/** Every company's balance equals the sum of its ledger, and each row's balance_after the running sum. */
async function expectLedgerIntact(companyId: number) {
  expect(await ledgerSumOf(fresh(), companyId)).toBe(await balanceOf(companyId));
  let running = 0;
  for (const row of await ledgerOf(companyId)) {
    running += row.delta;
    expect(row.balanceAfter).toBe(running);
  }
}

/** Enrols `count` learners on a course for `companyId` and pays, as the wizard does: one transaction. */
async function enrolAndCharge(companyId: number, cost: number, count = 1, parentCompanyId: number | null = null) {
  return fresh().transactional(async (tx) => {
    const enrolments = Array.from({ length: count }, (_, i) =>
      tx.create(Enrolment, { userId: 1000 + i, courseId: 1, companyId, status: 'not_started' }),
    );
    await tx.flush();
    const result = await chargeEnrolments(tx, {
      companyId,
      parentCompanyId,
      actor,
      charges: enrolments.map((e) => ({ enrolmentId: e.id, amount: cost, kind: 'enrolment' as const })),
    });
    return { result, ids: enrolments.map((e) => e.id) };
  });
}

describe('chargeEnrolments', () => {
  it('lets exactly 10 of 100 enrolments at once through on a balance that pays for 10; the rest get the credit message', async () => {
    const company = world.identity.company({ name: 'Busy Ltd' }).id;
    await makeCreditAccount(fresh(), company, 30);
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => enrolAndCharge(company, 3)));
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(422);
      expect((error as AppError).message).toBe(CREDIT_MESSAGES.notEnough);
    }
    expect(await balanceOf(company)).toBe(0);
    // The refused enrolments rolled back with their charge.
    expect(await fresh().count(Enrolment, { companyId: company })).toBe(10);
    await expectLedgerIntact(company);
    expect((await ledgerOf(company)).filter((row) => row.kind === 'enrolment')).toHaveLength(10);
  });

  it("spends a depot's own balance first, then its parent's, the parent's rows naming the depot", async () => {
    const parent = world.identity.company({ name: 'Parent Ltd' }).id;
    const depot = world.identity.company({ name: 'Parent North', parentId: parent }).id;
    await makeCreditAccount(fresh(), parent, 10);
    await makeCreditAccount(fresh(), depot, 3);
    expect(await creditPayersOf(world.platform.identity, depot)).toEqual({ companyId: depot, parentCompanyId: parent });

    const { result, ids } = await enrolAndCharge(depot, 2, 3, parent);
    expect(result).toEqual({
      balanceAfter: 0,
      paidFrom: [
        { companyId: depot, amount: 3 },
        { companyId: parent, amount: 3 },
      ],
    });
    expect(await balanceOf(depot)).toBe(0);
    expect(await balanceOf(parent)).toBe(7);
    const parentRows = (await ledgerOf(parent)).filter((row) => row.kind === 'enrolment');
    expect(parentRows.map((row) => [row.enrolmentId, row.delta, row.counterpartyCompanyId, row.actorName])).toEqual([
      [ids[1], -1, depot, 'Mia Manager'],
      [ids[2], -2, depot, 'Mia Manager'],
    ]);
    await expectLedgerIntact(depot);
    await expectLedgerIntact(parent);

    // Refused as a whole when both together do not reach: nothing changes.
    await expect(enrolAndCharge(depot, 4, 2, parent)).rejects.toThrow(CREDIT_MESSAGES.notEnough);
    expect([await balanceOf(depot), await balanceOf(parent)]).toEqual([0, 7]);

    // Without the parent named, only the depot's own balance counts.
    await expect(enrolAndCharge(depot, 1)).rejects.toThrow(CREDIT_MESSAGES.notEnough);

    // Refunds go back to whoever paid, once.
    const refunded = await fresh().transactional((tx) => refundEnrolments(tx, { enrolmentIds: ids, actor, reason: 'Enrolments deleted' }));
    expect(refunded).toBe(6);
    expect([await balanceOf(depot), await balanceOf(parent)]).toEqual([3, 10]);
    expect(await fresh().transactional((tx) => refundEnrolments(tx, { enrolmentIds: ids, actor, reason: 'Again' }))).toBe(0);
    const refunds = (await ledgerOf(parent)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [row.delta, row.counterpartyCompanyId, row.note])).toEqual([
      [1, depot, 'Enrolments deleted'],
      [2, depot, 'Enrolments deleted'],
    ]);
    await expectLedgerIntact(depot);
    await expectLedgerIntact(parent);
  });

  it('charges nothing for free courses and refuses a company without an account', async () => {
    const company = world.identity.company({ name: 'Fresh Ltd' }).id;
    const { result } = await enrolAndCharge(company, 0, 2);
    expect(result.balanceAfter).toBe(0);
    expect(await ledgerOf(company)).toEqual([]);
    await expect(enrolAndCharge(company, 1)).rejects.toThrow(CREDIT_MESSAGES.notEnough);
  });
});
