import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymisedName, PEOPLE_MESSAGES, type Person, type PersonEnrolment } from '@portal/contracts';
import { Enrolment } from '@portal/enrolment-service/testing';
import { User } from '@portal/identity-service/testing';
import { createGatewayHarness, type GatewayHarness } from '../fixtures/platform';
import { makeCompany, makeCourse, makeEnrolment, makeUser, signInAs } from '../fixtures/factories';

/**
 * The People page's routes (issue 32 item 6) where they meet enrolment's real records: a learner's
 * enrolments with catalogue's course names, a move that leaves the enrolment with the company that
 * paid, and an anonymised learner whose enrolment stays. The rest of the page is tested on identity
 * alone (services/identity/src/modules/people/people.routes.test.ts).
 */
let harness: GatewayHarness;
const em = () => harness.platform.orm.em.fork();
type Company = { id: number; name: string };
let acme: Company;
let north: Company;
let other: Company;
let tokens: Record<'manager' | 'depotManager', string>;
let people: Record<'bob', { id: number }>;
let courseId: number;

beforeAll(async () => {
  harness = await createGatewayHarness();
  acme = await makeCompany(em(), { name: 'Acme Scaffolding', credits: 10 });
  north = await makeCompany(em(), { name: 'Acme North depot', parentId: acme.id });
  other = await makeCompany(em(), { name: 'Other Ltd' });
  people = { bob: await makeUser(em(), { role: 'learner', companyId: north.id, name: 'Bob Baker', email: null, loginCode: 'BOBCODE234' }) };
  courseId = (await makeCourse(em(), { name: 'Working at Height' })).id;
  await makeEnrolment(em(), { userId: people.bob.id, courseId, companyId: acme.id });
  tokens = {
    manager: await signInAs(em(), (await makeUser(em(), { role: 'manager', companyId: acme.id })).id),
    depotManager: await signInAs(em(), (await makeUser(em(), { role: 'manager', companyId: north.id })).id),
  };
});
afterAll(() => harness.close());

const as = (who: keyof typeof tokens) => harness.client(tokens[who]);
const base = () => `/api/company/${acme.id}/people`;

describe('one person', () => {
  it('reads a learner with their enrolments and states', async () => {
    const response = await as('manager').request(`${base()}/${people.bob.id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Person & { enrolment_list: PersonEnrolment[] } };
    expect(body.data.enrolment_list).toEqual([
      expect.objectContaining({ course_id: courseId, course_name: 'Working at Height', status: 'not_started' }),
    ]);
  });
});

describe('PATCH /api/company/{companyId}/people/{userId}', () => {
  it('moves a learner to a depot by the moving rule: the enrolment stays with the company that paid', async () => {
    const url = `${base()}/${people.bob.id}`;
    const outside = await as('manager').request(url, { method: 'PATCH', json: { company_id: other.id } });
    expect(outside.status).toBe(422);
    expect(((await outside.json()) as { errors: Record<string, string[]> }).errors.company_id).toEqual([PEOPLE_MESSAGES.depotOutside]);
    const moved = await as('manager').request(url, { method: 'PATCH', json: { company_id: acme.id } });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { data: Person }).data).toMatchObject({ company_id: acme.id, company_name: acme.name });
    expect((await em().findOneOrFail(User, people.bob.id)).companyId).toBe(acme.id);
    expect((await em().findOneOrFail(Enrolment, { userId: people.bob.id })).companyId).toBe(acme.id);
    // The depot's manager no longer reaches him; moving him back is the parent's manager's.
    expect((await as('depotManager').request(`/api/company/${north.id}/people/${people.bob.id}`)).status).toBe(404);
    expect((await as('manager').request(url, { method: 'PATCH', json: { company_id: north.id } })).status).toBe(200);
  });
});

describe('removing and anonymising', () => {
  it('refuses to remove a learner with enrolments (409, anonymise instead), and anonymises them by the erasure rule', async () => {
    const url = `${base()}/${people.bob.id}`;
    const refused = await as('manager').request(url, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(PEOPLE_MESSAGES.hasEnrolments);
    expect(await em().count(User, { id: people.bob.id })).toBe(1);

    const anonymised = await as('manager').request(`${url}/anonymise`, { method: 'POST' });
    expect(anonymised.status).toBe(200);
    expect(((await anonymised.json()) as { data: Person }).data).toMatchObject({
      name: anonymisedName(people.bob.id),
      email: null,
      login_code: null,
      anonymised: true,
      enrolments: 1,
    });
    expect(await em().count(Enrolment, { userId: people.bob.id })).toBe(1);
    // Nothing more to change about them.
    expect((await as('manager').request(url, { method: 'PATCH', json: { name: 'Back' } })).status).toBe(422);
    expect((await as('manager').request(`${url}/login-code`, { method: 'POST' })).status).toBe(422);
  });
});
