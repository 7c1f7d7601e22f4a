import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECENT_LEARNERS_PAGE_SIZE, type Employee } from '@portal/contracts';
import { createIdentityTestWorld, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { User } from '../../data/user.entity';
import { EMPLOYEE_SEARCH_LIMIT } from '../../data/employee.repository';

let world: IdentityTestWorld;
let companyA: { id: number; name: string };
let depotOfA: { id: number; name: string };
let companyB: { id: number; name: string };
const tokens = {} as Record<'admin' | 'managerA' | 'depotManagerA' | 'managerB' | 'learnerA', string>;
const BASE = new Date('2026-03-01T09:00:00Z').getTime();
let minute = 0;

/** A learner created a minute after the previous one, so "newest first" is well defined. */
async function learner(companyId: number, name: string, email: string | null = null) {
  const user = await world.makeUser({ role: 'learner', companyId, name, email, password: null });
  const at = new Date(BASE + ++minute * 60_000);
  await world.em().nativeUpdate(User, { id: user.id }, { createdAt: at, updatedAt: at });
  return user;
}

beforeAll(async () => {
  world = await createIdentityTestWorld();
  companyA = await world.makeCompany({ name: `Alpha ${unique()}` });
  depotOfA = await world.makeCompany({ name: `Alpha depot ${unique()}`, parentId: companyA.id });
  companyB = await world.makeCompany({ name: `Beta ${unique()}` });
  const people = {
    admin: await world.makeUser({ role: 'admin', companyId: companyB.id }),
    managerA: await world.makeUser({ role: 'manager', companyId: companyA.id, name: 'Mandy Learnerish' }),
    depotManagerA: await world.makeUser({ role: 'manager', companyId: depotOfA.id }),
    managerB: await world.makeUser({ role: 'manager', companyId: companyB.id }),
    learnerA: await world.makeUser({ role: 'learner', companyId: companyA.id, name: 'Zed First' }),
  };
  await world.em().nativeUpdate(User, { id: people.learnerA.id }, { createdAt: new Date(BASE) });
  for (const [name, user] of Object.entries(people)) tokens[name as keyof typeof tokens] = await world.signIn(user.id);
});
afterAll(() => world.close());

const get = async <T>(who: keyof typeof tokens, path: string) => {
  const response = await world.client(tokens[who]).request(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};
type Recent = { data: { data: Employee[]; current_page: number; last_page: number; total: number } };

describe('GET /api/company/{companyId}/getRecentLearner', () => {
  it('pages the learners of the company and its depots, newest first, with the asked-about courses they have', async () => {
    const made: { id: number; name: string }[] = [];
    for (let i = 0; i < 12; i++) made.push(await learner(i % 3 ? companyA.id : depotOfA.id, `Recent ${i}`));
    await learner(companyB.id, 'Other company');
    const spy = vi
      .spyOn(world.enrolment.port, 'enrolledCourseIds')
      .mockImplementation((userIds, courseIds) =>
        Promise.resolve(userIds.map((userId) => ({ userId, courseIds: userId === made[11]!.id ? courseIds.slice(0, 1) : [] }))),
      );
    try {
      const first = await get<Recent>('managerA', `/api/company/${companyA.id}/getRecentLearner?courses=7,9`);
      expect(first.data).toMatchObject({ current_page: 1, last_page: 2, total: 13 });
      expect(first.data.data).toHaveLength(RECENT_LEARNERS_PAGE_SIZE);
      expect(first.data.data.map((e) => e.name)).toEqual(
        made
          .slice(2)
          .reverse()
          .map((u) => u.name),
      );
      expect(first.data.data[0]).toMatchObject({
        id: made[11]!.id,
        company_id: companyA.id,
        company_name: companyA.name,
        enrolled_course_ids: [7],
      });
      expect(first.data.data.find((e) => e.id === made[9]!.id)).toMatchObject({
        company_id: depotOfA.id,
        company_name: depotOfA.name,
        enrolled_course_ids: [],
      });
      expect(spy).toHaveBeenCalledWith(
        first.data.data.map((e) => e.id),
        [7, 9],
      );

      spy.mockClear();
      const last = await get<Recent>('managerA', `/api/company/${companyA.id}/getRecentLearner?page=2`);
      expect(last.data.data.map((e) => e.name)).toEqual(['Recent 1', 'Recent 0', 'Zed First']);
      expect(last.data.data.every((e) => e.enrolled_course_ids.length === 0)).toBe(true);
      // No course asked about: enrolment is not asked.
      expect(spy).not.toHaveBeenCalled();

      // A depot's own list: its learners only.
      const depot = await get<Recent>('depotManagerA', `/api/company/${depotOfA.id}/getRecentLearner`);
      expect(depot.data.data.map((e) => e.name)).toEqual(['Recent 9', 'Recent 6', 'Recent 3', 'Recent 0']);
      expect((await get<Recent>('admin', `/api/company/${companyA.id}/getRecentLearner?page=99`)).data.current_page).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the employee searches', () => {
  it('finds learners by name or by email from 2 characters, wildcards as text, at most 20, learners only', async () => {
    const tag = `q${unique()}`;
    const ann = await learner(companyA.id, `Ann ${tag}`, `ann-${tag}@example.test`);
    const bob = await learner(depotOfA.id, `Bob ${tag}`, `bob.${tag}@mail.test`);
    await learner(companyB.id, `Ann ${tag} elsewhere`, `ann2-${tag}@example.test`);
    await learner(companyA.id, 'Offer 50% now');
    await learner(companyA.id, 'Offer 5000 now');

    const byName = await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users/search?term=${tag}&field=name`);
    expect(byName.data.map((e) => e.id)).toEqual([ann.id, bob.id]);
    const byEmail = await get<{ data: Employee[] }>(
      'managerA',
      `/api/company/${companyA.id}/users/search?term=${encodeURIComponent(`bob.${tag}`)}&field=email`,
    );
    expect(byEmail.data.map((e) => e.id)).toEqual([bob.id]);
    // The email field does not search names, nor the name field emails.
    expect(
      (await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users/search?term=mail.test&field=name`)).data,
    ).toEqual([]);
    expect((await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users/search?term=x`)).data).toEqual([]);
    expect(
      (await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users/search?term=50%25`)).data.map((e) => e.name),
    ).toEqual(['Offer 50% now']);
    // A manager whose name matches is not an employee to enrol.
    expect((await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users/search?term=Learnerish`)).data).toEqual([]);

    const either = await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users?s=${tag}`);
    expect(either.data.map((e) => e.id)).toEqual([ann.id, bob.id]);
    expect((await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users?s=mail.test`)).data.map((e) => e.id)).toContain(
      bob.id,
    );
    expect((await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users`)).data).toEqual([]);

    const many = `m${unique()}`;
    for (let i = 0; i < EMPLOYEE_SEARCH_LIMIT + 3; i++) await learner(companyA.id, `${many} ${String(i).padStart(2, '0')}`);
    const capped = await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users?s=${many}`);
    expect(capped.data.map((e) => e.name)).toEqual(
      Array.from({ length: EMPLOYEE_SEARCH_LIMIT }, (_, i) => `${many} ${String(i).padStart(2, '0')}`),
    );
  });
});

describe('GET /api/company/{companyId}/users?ids= (the People page’s selection opening the wizard)', () => {
  it('answers the company’s and its depots’ learners of those ids, by name, leaving out anyone else’s', async () => {
    const tag = `i${unique()}`;
    const zoe = await learner(companyA.id, `Zoe ${tag}`);
    const abe = await learner(depotOfA.id, `Abe ${tag}`);
    const other = await learner(companyB.id, `Other ${tag}`);
    const answer = await get<{ data: Employee[] }>('managerA', `/api/company/${companyA.id}/users?ids=${zoe.id},${abe.id},${other.id}`);
    expect(answer.data.map((e) => [e.id, e.company_id])).toEqual([
      [abe.id, depotOfA.id],
      [zoe.id, companyA.id],
    ]);
    expect((await world.client(tokens.managerB).request(`/api/company/${companyA.id}/users?ids=${zoe.id}`)).status).toBe(403);
  });
});

describe('who may use the pickers', () => {
  it('refuses another company’s manager, a depot manager for the parent, a learner and nobody', async () => {
    for (const path of [
      `/api/company/${companyA.id}/getRecentLearner`,
      `/api/company/${companyA.id}/users?s=ann`,
      `/api/company/${companyA.id}/users/search?term=ann`,
      `/api/company/${depotOfA.id}/users/search?term=ann`,
    ]) {
      expect((await world.client(tokens.managerB).request(path)).status, path).toBe(403);
      expect((await world.client(tokens.learnerA).request(path)).status, path).toBe(403);
      expect((await world.client().request(path)).status, path).toBe(401);
    }
    expect((await world.client(tokens.depotManagerA).request(`/api/company/${companyA.id}/getRecentLearner`)).status).toBe(403);
    expect((await world.client(tokens.managerA).request(`/api/company/${companyA.id}/users/search?term=ann&field=phone`)).status).toBe(422);
  });
});
