import { randomBytes } from 'node:crypto';
import { DEMO } from '@portal/identity-service';
import { makeSession } from '@portal/identity-service/testing';
import { createOrm, type Em } from '@portal/service-kit';
import { SCORM_BENCH_COURSE } from './bare-scorm-commit';
import type { ScormLearner } from './start-bench-server';

// The bench server's data beside the demo's: its own database on a MySQL server, /reporting's pages, the SCORM part's learners.

/** A database of its own on DATABASE_URL's server, so the bench never touches one in use. */
export async function throwawayMysqlDatabase(url: string, dir: string) {
  const admin = await createOrm({ databaseUrl: url, dataDir: dir, schemas: [] });
  // Named after the URL's database when it names one (an engineer's own prefix on a shared server), else portal_bench_….
  const prefix = new URL(url).pathname.replace(/^\//, '').replace(/\W/g, '') || 'portal';
  const name = `${prefix}_bench_${randomBytes(5).toString('hex')}`;
  await admin.em.getConnection().execute(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const address = new URL(url);
  address.pathname = `/${name}`;
  return {
    url: address.toString(),
    drop: async () => {
      await admin.em.getConnection().execute(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.close(true);
    },
  };
}

/**
 * More enrolments for the demo company and its two depots, so /reporting has pages of 25: `count`
 * enrolments of count/2 new learners on the demo courses, in every status, over the last 300 days.
 */
export async function addReportingRows(em: Em, count: number) {
  const knex = em.getKnex();
  const date = (ms: number) => em.getPlatform().processDateProperty(new Date(ms));
  const now = Date.now();
  const companies = [DEMO.companies.demo, DEMO.companies.northDepot, DEMO.companies.southDepot];
  const learners = Math.ceil(count / 2);
  const firstUser = Number(((await knex('users').max({ id: 'id' })) as { id: number | null }[])[0]?.id ?? 0) + 1;
  await knex('users').insert(
    Array.from({ length: learners }, (_, i) => ({
      id: firstUser + i,
      name: `Bench Learner ${String(i).padStart(3, '0')}`,
      email: i % 3 === 0 ? null : `bench-learner-${i}@demo.test`,
      login_code: i % 3 === 0 ? `BENCH${i}` : null,
      company_id: companies[i % 3],
      role: 'learner',
      wp_user: false,
      created_at: date(now),
      updated_at: date(now),
    })),
  );
  const courses = ((await knex('courses').select('id').orderBy('id')) as { id: number }[]).map((r) => Number(r.id));
  const statuses = ['not_started', 'in_progress', 'passed', 'failed'] as const;
  await knex('enrollments').insert(
    Array.from({ length: count }, (_, i) => {
      const learner = Math.floor(i / 2);
      const status = statuses[i % 4]!;
      const created = now - (i % 300) * 86_400_000 - i * 60_000;
      return {
        user_id: firstUser + learner,
        course_id: courses[i % courses.length],
        company_id: companies[learner % 3],
        status,
        score: status === 'passed' ? 80 : status === 'failed' ? 40 : null,
        certificate_code: status === 'passed' ? `BENCH-${String(i).padStart(4, '0')}` : null,
        started_at: status === 'not_started' ? null : date(created + 3_600_000),
        passed_at: status === 'passed' ? date(created + 86_400_000) : null,
        expires_at: status === 'passed' ? date(created + 86_400_000 * (i % 8 === 2 ? 3 : 365)) : null,
        created_at: date(created),
        updated_at: date(created + 7_200_000),
      };
    }),
  );
}

/** The SCORM part's learners (scorm.ts): each with a session and an enrolment on the demo's SCORM 2004 course, not started. */
export async function addScormLearners(em: Em, count: number): Promise<ScormLearner[]> {
  const knex = em.getKnex();
  const at = em.getPlatform().processDateProperty(new Date());
  const firstUser = Number(((await knex('users').max({ id: 'id' })) as { id: number | null }[])[0]?.id ?? 0) + 1;
  const users = Array.from({ length: count }, (_, i) => ({
    id: firstUser + i,
    name: `Scorm Learner ${String(firstUser + i).padStart(5, '0')}`,
    email: `scorm-learner-${firstUser + i}@demo.test`,
    login_code: null,
    company_id: DEMO.companies.demo,
    role: 'learner',
    wp_user: false,
    created_at: at,
    updated_at: at,
  }));
  const learners: ScormLearner[] = [];
  for (let i = 0; i < users.length; i += 500) {
    const part = users.slice(i, i + 500);
    await knex('users').insert(part);
    await knex('enrollments').insert(
      part.map((u) => ({
        user_id: u.id,
        course_id: SCORM_BENCH_COURSE,
        company_id: DEMO.companies.demo,
        status: 'not_started',
        created_at: at,
        updated_at: at,
      })),
    );
  }
  const enrolments = (await knex('enrollments')
    .select('id', 'user_id')
    .whereIn(
      'user_id',
      users.map((u) => u.id),
    )
    .where('course_id', SCORM_BENCH_COURSE)) as { id: number; user_id: number }[];
  const byUser = new Map(enrolments.map((e) => [Number(e.user_id), Number(e.id)]));
  for (const user of users)
    learners.push({ userId: user.id, enrolmentId: byUser.get(user.id)!, token: await makeSession(em.fork(), user.id) });
  return learners;
}
