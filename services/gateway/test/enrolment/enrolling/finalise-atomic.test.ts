import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wizardEnrol } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { createTestPlatform, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany, makeSession, makeUser } from '@portal/identity-service/testing';
import { makeCourse } from '@portal/catalogue-service/testing';
import { createEnrolmentApp, enrolmentService } from '@portal/enrolment-service';
import { changeCredits } from '@portal/enrolment-service/testing';
import { identityService } from '@portal/identity-service';
import { catalogueService } from '@portal/catalogue-service';

/**
 * Issue 25 D5: the wizard's finalise is one unit — new accounts, their welcome mails, the
 * enrolments and the charge commit together or not at all (on SQLite and, with MYSQL_URL, MariaDB).
 * The kill -9 half of it is finalise-crash.test.ts.
 */
let platform: TestPlatform;
let app: ReturnType<typeof createEnrolmentApp>;
let em: Em;
let courseId: number;

beforeAll(async () => {
  platform = await createTestPlatform({ services: [identityService, catalogueService, enrolmentService] });
  app = createEnrolmentApp(platform);
  em = platform.orm.em.fork();
  courseId = (await makeCourse(em, { name: 'Working at Height', creditCost: 2 })).id;
});
afterAll(() => platform.close());

const knex = () => platform.orm.em.fork().getKnex();
const countOf = async (query: PromiseLike<{ n?: number | string }[]>) => Number((await query)[0]!.n);
const accountsOf = (companyId: number) => countOf(knex()('users').count({ n: '*' }).where({ company_id: companyId, role: 'learner' }));
const enrolmentsOf = (companyId: number) => countOf(knex()('enrollments').count({ n: '*' }).where({ company_id: companyId }));
const welcomeJobsTo = (pattern: string) =>
  countOf(knex()('jobs').count({ n: '*' }).where('name', 'mail.send').andWhere('payload', 'like', `%${pattern}%`));

async function companyWithManager(credits: number) {
  const companyId = (await makeCompany(em, {})).id;
  if (credits) await changeCredits(em, { companyId, delta: credits, kind: 'purchase' });
  const manager = await makeUser(em, { role: 'manager', companyId });
  return { companyId, client: new TestClient(app, { sessionToken: await makeSession(em, manager.id) }) };
}

describe('the wizard’s finalise, all or nothing', () => {
  it(
    '100 concurrent finalises of one new learner each against 10 credits: 5 accounts, 5 enrolments, 5 welcome mails',
    { timeout: 120_000 },
    async () => {
      const { companyId, client } = await companyWithManager(10);
      const tag = `race${Date.now()}`;
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          client.call(wizardEnrol, {
            body: {
              companyID: companyId,
              courses: [courseId],
              users: [],
              newUsers: [{ name: `Racer ${i}`, email: `${tag}-${i}@example.test` }],
            },
          }),
        ),
      );
      const succeeded = answers.filter((r) => r.status === 200).length;
      expect(succeeded).toBe(5);
      expect(answers.filter((r) => r.status !== 200).every((r) => r.status === 422)).toBe(true);
      expect(await enrolmentsOf(companyId)).toBe(5);
      expect(await accountsOf(companyId)).toBe(5);
      expect(await welcomeJobsTo(tag)).toBe(5);
      await platform.jobs.drain();
      expect(platform.sentMail.filter((m) => String(m.to).startsWith(tag))).toHaveLength(5);
    },
  );

  it('a learner who never got a welcome mail gets it with their next enrolment, once', async () => {
    const { companyId, client } = await companyWithManager(10);
    const unwelcomed = await makeUser(em, {
      role: 'learner',
      companyId,
      email: `never-welcomed-${Date.now()}@example.test`,
      password: null,
      welcomed: false,
    });
    const welcomed = await makeUser(em, {
      role: 'learner',
      companyId,
      email: `already-welcomed-${Date.now()}@example.test`,
      password: null,
    });
    const second = (await makeCourse(em, { name: 'Fire Safety', creditCost: 1 })).id;
    expect(
      (
        await client.call(wizardEnrol, {
          body: { companyID: companyId, courses: [courseId], users: [unwelcomed.id, welcomed.id], newUsers: [] },
        })
      ).status,
    ).toBe(200);
    expect(await welcomeJobsTo(unwelcomed.email!)).toBe(1);
    expect(await welcomeJobsTo(welcomed.email!)).toBe(0);
    expect(
      (await client.call(wizardEnrol, { body: { companyID: companyId, courses: [second], users: [unwelcomed.id], newUsers: [] } })).status,
    ).toBe(200);
    expect(await welcomeJobsTo(unwelcomed.email!)).toBe(1);
  });
});
