import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wizardEnrol, wizardEnrolQuote, type WizardQuote } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import {
  createEnrolmentTestWorld,
  changeCredits,
  CreditAccount,
  CreditTransaction,
  Enrolment,
  PARENT_PAYS_ONLY,
  type EnrolmentTestWorld,
} from '../../testing';

/**
 * Issue 32 item 2: an enrolment belongs to its learner's company. A depot's existing learner is
 * enrolled in the depot, whatever "Learners belong to" says (that is for new employees), and the
 * depot pays (its own credits first, then its parent's; or the parent alone when the manager
 * chooses so). Step 3's quote says beforehand exactly what finalise then takes.
 */

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let em: Em;
let parent: number;
let depot: number;
let other: number;
let manager: string;
let depotManager: string;
let otherManager: string;
let learnerSession: string;
let course: number;

const NOW = new Date('2026-06-01T10:00:00Z');
const client = (session: string) => new TestClient(app, { sessionToken: session });
const balance = async (companyId: number) => (await em.fork().findOne(CreditAccount, { companyId }))?.balance ?? 0;
const learnerOf = async (companyId: number, name: string) => (await world.identity.user({ role: 'learner', companyId, name })).id;
const quote = async (session: string, body: Record<string, unknown>) => client(session).call(wizardEnrolQuote, { body });
const quoted = async (body: Record<string, unknown>) => ((await (await quote(manager, body)).json()) as { data: WizardQuote }).data;

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  em = platform.orm.em.fork();
  parent = (await world.identity.company({ name: 'Haulage Ltd' })).id;
  depot = (await world.identity.company({ name: 'South Depot', parentId: parent })).id;
  other = (await world.identity.company({ name: 'Other Ltd' })).id;
  manager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: parent })).id);
  depotManager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: depot })).id);
  otherManager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: other })).id);
  learnerSession = await world.identity.signIn((await world.identity.user({ role: 'learner', companyId: parent })).id);
  course = (await world.catalogue.course({ name: 'Manual Handling', creditCost: 2 })).id;
});
afterAll(() => platform.close());

describe('a depot’s learner enrolled from the parent company', () => {
  it('is enrolled in the depot, which pays its own credits first, as step 3’s quote said', async () => {
    await changeCredits(em, { companyId: parent, delta: 20, kind: 'purchase' });
    await changeCredits(em, { companyId: depot, delta: 3, kind: 'purchase' });
    const depotLearner = await learnerOf(depot, 'Dana Depot');
    const depotLearner2 = await learnerOf(depot, 'Dev Depot');
    const parentLearner = await learnerOf(parent, 'Pat Parent');
    const body = {
      companyID: parent,
      courses: [course],
      users: [depotLearner, depotLearner2, parentLearner],
      newUsers: [{ name: 'Nia New' }],
    };

    const preview = await quoted(body);
    expect(preview).toMatchObject({ enrolments: 4, credits: 8, is_enough: true });
    expect(preview.groups.map((g) => [g.company_name, g.parent?.company_name ?? null, g.enrolments, g.credits])).toEqual([
      ['Haulage Ltd', null, 2, 4],
      ['South Depot', 'Haulage Ltd', 2, 4],
    ]);
    const south = preview.groups.find((g) => g.company_id === depot);
    expect(south?.paid_by).toEqual([
      { company_id: depot, company_name: 'South Depot', credits: 3 },
      { company_id: parent, company_name: 'Haulage Ltd', credits: 1 },
    ]);
    expect(preview.accounts).toEqual([
      { company_id: parent, company_name: 'Haulage Ltd', balance_before: 20, credits: 5, balance_after: 15 },
      { company_id: depot, company_name: 'South Depot', balance_before: 3, credits: 3, balance_after: 0 },
    ]);

    const response = await client(manager).call(wizardEnrol, { body });
    expect(response.status).toBe(200);
    const rows = await em.fork().find(Enrolment, { courseId: course }, { orderBy: { userId: 'asc' } });
    expect(new Map(rows.map((r) => [r.userId, r.companyId]))).toEqual(
      new Map([
        [depotLearner, depot],
        [depotLearner2, depot],
        [parentLearner, parent],
        [rows[3]?.userId, parent],
      ]),
    );
    expect(await balance(parent)).toBe(15);
    expect(await balance(depot)).toBe(0);
    // The parent's share of a depot enrolment names the depot in the ledger.
    const parentRows = await em.fork().find(CreditTransaction, { companyId: parent, kind: 'enrolment' });
    expect(parentRows.filter((r) => r.counterpartyCompanyId === depot).map((r) => r.delta)).toEqual([-1]);
  });

  it('is paid by the parent alone when the manager chooses so', async () => {
    await changeCredits(em, { companyId: depot, delta: 10, kind: 'purchase' });
    const depotLearner = await learnerOf(depot, 'Eve Depot');
    const body = { companyID: parent, courses: [course], users: [depotLearner], pay_from_parent: true };
    const before = { parent: await balance(parent), depot: await balance(depot) };
    const preview = await quoted(body);
    expect(preview.groups[0]?.paid_by).toEqual([{ company_id: parent, company_name: 'Haulage Ltd', credits: 2 }]);
    expect((await client(manager).call(wizardEnrol, { body })).status).toBe(200);
    expect(await balance(depot)).toBe(before.depot);
    expect(await balance(parent)).toBe(before.parent - 2);
    expect((await em.fork().findOneOrFail(Enrolment, { userId: depotLearner })).companyId).toBe(depot);
  });

  it('is quoted short when the depot and its parent together cannot pay, and finalise refuses spending nothing', async () => {
    const poorParent = (await world.identity.company({ name: 'Poor Ltd' })).id;
    const poorDepot = (await world.identity.company({ name: 'Poor Depot', parentId: poorParent })).id;
    await changeCredits(em, { companyId: poorDepot, delta: 1, kind: 'purchase' });
    const poorManager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: poorParent })).id);
    const body = { companyID: poorParent, courses: [course], users: [await learnerOf(poorDepot, 'Pip Poor')] };
    const preview = ((await (await quote(poorManager, body)).json()) as { data: WizardQuote }).data;
    expect(preview.is_enough).toBe(false);
    expect((await client(poorManager).call(wizardEnrol, { body })).status).toBe(422);
    expect(await balance(poorDepot)).toBe(1);
  });
});

describe('who may ask', () => {
  it('refuses the quote to another company’s manager and to a learner, and a depot’s manager its parent’s learner', async () => {
    const parentLearner = await learnerOf(parent, 'Quinn Parent');
    const body = { companyID: parent, courses: [course], users: [parentLearner] };
    expect((await quote(otherManager, body)).status).toBe(403);
    expect((await quote(learnerSession, body)).status).toBe(403);
    expect((await quote(otherManager, { ...body, companyID: other })).status).toBe(422);
    expect((await quote(depotManager, { ...body, companyID: depot })).status).toBe(422);
  });

  it('lets only who may act for the parent have it pay for the depot’s learners', async () => {
    const depotLearner = await learnerOf(depot, 'Fay Depot');
    const body = { companyID: depot, courses: [course], users: [depotLearner], pay_from_parent: true };
    const refused = await quote(depotManager, body);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.pay_from_parent).toEqual([PARENT_PAYS_ONLY]);
    expect((await client(depotManager).call(wizardEnrol, { body })).status).toBe(422);
    expect(await em.fork().count(Enrolment, { userId: depotLearner })).toBe(0);
    expect((await quote(manager, body)).status).toBe(200);
  });

  it('writes nothing for a quote', async () => {
    const before = await em.fork().count(Enrolment, {});
    const learner = await learnerOf(parent, 'Rae Quote');
    expect((await quote(manager, { companyID: parent, courses: [course], users: [learner], newUsers: [{ name: 'Sid New' }] })).status).toBe(
      200,
    );
    expect(await em.fork().count(Enrolment, {})).toBe(before);
  });
});
