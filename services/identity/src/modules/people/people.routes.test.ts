import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_EXPORT_COLUMNS, PEOPLE_MESSAGES, USER_MESSAGES, type Person } from '@portal/contracts';
import { User } from '../../data/user.entity';
import { createIdentityTestWorld, type IdentityTestWorld } from '../../testing/identity-test-world';

/**
 * The People page's routes (issue 32 item 6) on identity alone: enrolment is the recording port,
 * holding one enrolment of Bob's. Where the page meets enrolment's real records (a learner's
 * enrolments, moving a learner, anonymising one), services/gateway/test/identity/people-records.test.ts.
 */
let world: IdentityTestWorld;
const em = () => world.em();
type Company = { id: number; name: string };
let acme: Company;
let north: Company;
let other: Company;
let tokens: Record<'manager' | 'depotManager' | 'otherManager' | 'learner' | 'admin', string>;
let people: Record<'ann' | 'bob' | 'cat' | 'otherLearner' | 'colleague', { id: number }>;

/** A user as the page's tests need them: no password (the world's default would hash one). */
const makeUser = (input: Parameters<IdentityTestWorld['makeUser']>[0]) => world.makeUser({ password: null, ...input });

beforeAll(async () => {
  world = await createIdentityTestWorld();
  acme = await world.makeCompany({ name: 'Acme Scaffolding' });
  north = await world.makeCompany({ name: 'Acme North depot', parentId: acme.id });
  other = await world.makeCompany({ name: 'Other Ltd' });
  const home = await world.makeCompany({ name: 'Platform' });
  const learner = (companyId: number, name: string, email: string | null = null, loginCode: string | null = null) =>
    makeUser({ role: 'learner', companyId, name, email, loginCode });
  people = {
    ann: await learner(acme.id, 'Ann Archer', 'ann.archer@people.test', 'ANNCODE234'),
    bob: await learner(north.id, 'Bob Baker', null, 'BOBCODE234'),
    cat: await learner(acme.id, 'Cat Carter', 'cat@people.test'),
    otherLearner: await learner(other.id, 'Otto Other'),
    colleague: await makeUser({ role: 'manager', companyId: acme.id, name: 'Colleague Manager' }),
  };
  // Bob holds one enrolment, paid by Acme.
  world.enrolment.setLearnerRecords(people.bob.id, {
    enrollments: [
      {
        id: 1,
        courseId: 1,
        companyId: acme.id,
        status: 'not_started',
        score: null,
        enrolledAt: new Date().toISOString(),
        startedAt: null,
        passedAt: null,
        expiresAt: null,
      },
    ],
    results: [],
    scormLog: [],
    activities: [],
    certificates: [],
  });
  tokens = {
    manager: await world.signIn((await makeUser({ role: 'manager', companyId: acme.id })).id),
    depotManager: await world.signIn((await makeUser({ role: 'manager', companyId: north.id })).id),
    otherManager: await world.signIn((await makeUser({ role: 'manager', companyId: other.id })).id),
    learner: await world.signIn(people.ann.id),
    admin: await world.signIn((await makeUser({ role: 'admin', companyId: home.id })).id),
  };
});
afterAll(() => world.close());

const as = (who: keyof typeof tokens) => world.client(tokens[who]);
const base = () => `/api/company/${acme.id}/people`;
type ListBody = { data: Person[]; total: number; last_page: number; companies: { id: number; name: string }[] };
async function list(query = '', who: keyof typeof tokens = 'manager') {
  const response = await as(who).request(`${base()}${query}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as ListBody;
}

describe('GET /api/company/{companyId}/people', () => {
  it('lists the learners of the company and its depots only, with depot and enrolment count, by name', async () => {
    const page = await list();
    expect(page.data.map((p) => p.name)).toEqual(['Ann Archer', 'Bob Baker', 'Cat Carter']);
    expect(page.data[1]).toMatchObject({ company_id: north.id, company_name: north.name, enrolments: 1, login_code: 'BOBCODE234' });
    expect(page.companies).toEqual([
      { id: acme.id, name: acme.name },
      { id: north.id, name: north.name },
    ]);
  });

  it('searches name, email and login code; filters by depot; sorts; pages', async () => {
    expect((await list('?search=archer')).data.map((p) => p.name)).toEqual(['Ann Archer']);
    expect((await list('?search=BOBCODE')).data.map((p) => p.name)).toEqual(['Bob Baker']);
    expect((await list('?search=cat%40people')).data.map((p) => p.name)).toEqual(['Cat Carter']);
    expect((await list(`?depot_id=${north.id}`)).data.map((p) => p.name)).toEqual(['Bob Baker']);
    expect((await list(`?depot_id=${acme.id}`)).data.map((p) => p.name)).toEqual(['Ann Archer', 'Cat Carter']);
    // 'Acme North depot' before 'Acme Scaffolding'.
    expect((await list('?order_by=depot')).data[0]!.name).toBe('Bob Baker');
    expect((await list('?order_by=depot&order_dir=desc')).data[2]!.name).toBe('Bob Baker');
    expect((await list('?order_by=name&order_dir=desc')).data.map((p) => p.name)).toEqual(['Cat Carter', 'Bob Baker', 'Ann Archer']);
    const second = await list('?per_page=2&page=2');
    expect([second.total, second.last_page, second.data.map((p) => p.name)]).toEqual([3, 2, ['Cat Carter']]);
  });

  it('refuses a depot of another company, another company’s manager, a learner and the depot manager for the parent', async () => {
    expect((await as('manager').request(`${base()}?depot_id=${other.id}`)).status).toBe(422);
    expect((await as('manager').request(`${base()}?order_by=password`)).status).toBe(422);
    expect((await as('otherManager').request(base())).status).toBe(403);
    expect((await as('learner').request(base())).status).toBe(403);
    expect((await as('depotManager').request(base())).status).toBe(403);
    expect((await world.client().request(base())).status).toBe(401);
    // The depot's own manager sees the depot's learners only; an admin any company's.
    const depot = await as('depotManager').request(`/api/company/${north.id}/people`);
    expect(((await depot.json()) as ListBody).data.map((p) => p.name)).toEqual(['Bob Baker']);
    expect((await list('', 'admin')).total).toBe(3);
  });
});

describe('one person', () => {
  it('refuses another company’s learner, a manager of the company, an unknown id, and every route to another company’s manager', async () => {
    for (const [id, status] of [
      [people.otherLearner.id, 404],
      [people.colleague.id, 403],
      [999_999, 404],
    ] as const) {
      expect((await as('manager').request(`${base()}/${id}`)).status, `GET ${id}`).toBe(status);
      expect((await as('manager').request(`${base()}/${id}`, { method: 'PATCH', json: { name: 'Hijacked' } })).status).toBe(status);
      expect((await as('manager').request(`${base()}/${id}/login-code`, { method: 'POST' })).status).toBe(status);
      expect((await as('manager').request(`${base()}/${id}/anonymise`, { method: 'POST' })).status).toBe(status);
      expect((await as('manager').request(`${base()}/${id}`, { method: 'DELETE' })).status).toBe(status);
    }
    expect((await em().findOneOrFail(User, people.colleague.id)).name).toBe('Colleague Manager');
    expect((await em().findOneOrFail(User, people.otherLearner.id)).name).toBe('Otto Other');
    // Another company's manager, naming this company or their own with this company's learner.
    expect((await as('otherManager').request(`${base()}/${people.ann.id}`)).status).toBe(403);
    expect((await as('otherManager').request(`/api/company/${other.id}/people/${people.ann.id}`)).status).toBe(404);
    const patch = await as('otherManager').request(`/api/company/${other.id}/people/${people.ann.id}`, {
      method: 'PATCH',
      json: { name: 'X' },
    });
    expect(patch.status).toBe(404);
    expect((await as('learner').request(`${base()}/${people.ann.id}`)).status).toBe(403);
  });
});

describe('PATCH /api/company/{companyId}/people/{userId}', () => {
  it('changes name and email, with a taken email under its field', async () => {
    const url = `${base()}/${people.cat.id}`;
    const response = await as('manager').request(url, {
      method: 'PATCH',
      json: { name: 'Cat Carter-Jones', email: 'CAT.JONES@people.test' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: Person }).data).toMatchObject({ name: 'Cat Carter-Jones', email: 'cat.jones@people.test' });
    const taken = await as('manager').request(url, { method: 'PATCH', json: { email: 'ann.archer@people.test' } });
    expect(taken.status).toBe(422);
    expect(((await taken.json()) as { errors: Record<string, string[]> }).errors.email).toEqual([USER_MESSAGES.emailTaken]);
    const blank = await as('manager').request(url, { method: 'PATCH', json: { name: ' ' } });
    expect(((await blank.json()) as { errors: Record<string, string[]> }).errors.name).toEqual(['Name is required']);
  });
});

describe('POST /api/company/{companyId}/people/{userId}/login-code', () => {
  it('issues a new code: the old one is refused at sign-in, the new one signs in, the learner’s sessions end', async () => {
    const session = await world.signIn(people.bob.id);
    const response = await as('manager').request(`${base()}/${people.bob.id}/login-code`, { method: 'POST' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: Person };
    expect(body.message).toBe(PEOPLE_MESSAGES.newLoginCode);
    expect(body.data.login_code).toMatch(/^[A-Z2-9]{10}$/);
    expect(body.data.login_code).not.toBe('BOBCODE234');
    const signIn = (code: string) => world.client().request('/api/auth/login', { method: 'POST', json: { login_code: code } });
    expect((await signIn('BOBCODE234')).status).toBe(401);
    expect((await signIn(body.data.login_code!)).status).toBe(200);
    expect((await world.client(session).request('/api/shell')).status).toBe(401);
  });
});

describe('removing and anonymising', () => {
  it('removes a learner without enrolments', async () => {
    const gone = await makeUser({ role: 'learner', companyId: north.id, name: 'Gone Soon' });
    const response = await as('manager').request(`${base()}/${gone.id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toBe(PEOPLE_MESSAGES.removed);
    expect(await em().count(User, { id: gone.id })).toBe(0);
    expect((await as('manager').request(`${base()}/${gone.id}`)).status).toBe(404);
  });
});

describe('POST /api/company/{companyId}/people/export', () => {
  const rowsOf = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="\d{2}-\d{2}-\d{4}_people\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.getWorksheet('People')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it('exports the chosen people, or the filtered list; another company’s ids are refused', async () => {
    const chosen = await rowsOf(await as('manager').request(`${base()}/export`, { method: 'POST', json: { user_ids: [people.ann.id] } }));
    expect(chosen).toEqual([
      [...PEOPLE_EXPORT_COLUMNS],
      ['Ann Archer', 'ann.archer@people.test', 'ANNCODE234', acme.name, 0, expect.any(String)],
    ]);
    const filtered = await rowsOf(await as('manager').request(`${base()}/export`, { method: 'POST', json: { depot_id: acme.id } }));
    expect(filtered.slice(1).map((r) => r[0])).toEqual(['Ann Archer', 'Cat Carter-Jones']);
    for (const ids of [[people.otherLearner.id], [people.colleague.id], [people.ann.id, 999_999]])
      expect((await as('manager').request(`${base()}/export`, { method: 'POST', json: { user_ids: ids } })).status).toBe(404);
    expect((await as('otherManager').request(`${base()}/export`, { method: 'POST', json: {} })).status).toBe(403);
  });
});
