import type { Em } from '@portal/service-kit';

// The reporting bench's data set: a million enrolments written set-based into a fresh, migrated database.

const FIRST_NAMES = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'William',
  'Elizabeth',
  'David',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Nancy',
  'Matthew',
  'Lisa',
  'Anthony',
  'Betty',
  'Mark',
  'Margaret',
  'Paul',
  'Sandra',
  'Steven',
  'Ashley',
  'Andrew',
  'Emily',
  'Kenneth',
  'Donna',
  'Joshua',
  'Michelle',
  'Kevin',
  'Carol',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'James',
  'Phillips',
  'Mason',
  'Mitchell',
  'Rose',
  'Davis',
  'Rodriguez',
  'Cox',
  'Alexander',
  'Morgan',
  'Moore',
  'Martin',
  'Price',
  'Bell',
  'Harris',
  'Cooper',
  'Baker',
  'Turner',
  'Hill',
  'Ward',
  'Watson',
  'Morris',
  'King',
  'Allen',
  'Scott',
  'Young',
  'Edwards',
  'Hughes',
  'Lee',
  'Adams',
  'Campbell',
  'Anderson',
  'Carter',
  'Shaw',
  'Knight',
  'Parker',
  'Lloyd',
  'Bennett',
  'Murphy',
  'Ellis',
  'Collins',
  'Marshall',
  'Gray',
  'Richards',
  'Fox',
  'Bailey',
  'Webb',
  'Kelly',
  'Simpson',
  'Owen',
  'Stevens',
  'Russell',
  'Palmer',
  'Griffiths',
  'Harrison',
  'Chapman',
  'Hunt',
  'Mills',
  'Holmes',
  'Atkinson',
  'Mann',
  'Barker',
  'Burton',
  'Dixon',
  'Fisher',
  'Butler',
  'Reid',
  'Pearson',
  'Foster',
  'Gibson',
  'Hamilton',
  'Graham',
  'Henderson',
  'Wallace',
  'Ross',
  'Stewart',
  'Murray',
];
export const COURSE_NAMES = [
  'Manual Handling',
  'Fire Safety Awareness',
  'Working at Height',
  'COSHH Awareness',
  'First Aid Essentials',
  'Asbestos Awareness',
  'Display Screen Equipment',
  'Slips, Trips and Falls',
  'Abrasive Wheels',
  'Confined Spaces',
  'Electrical Safety',
  'Environmental Awareness',
  'Forklift Safety',
  'Food Hygiene Level 2',
  'GDPR Essentials',
  'Health and Safety Induction',
  'Legionella Awareness',
  'Lone Working',
  'Noise Awareness',
  'Risk Assessment',
  'Safeguarding Adults',
  'Stress Awareness',
  'Vehicle Banksman',
  'Ladder Safety',
  'Hand Arm Vibration',
  'PPE Awareness',
  'Sharps Awareness',
  'Mental Health Awareness',
  'Equality and Diversity',
  'Anti-Bribery',
];
/** Companies beside the measured one and its 3 depots: the other 90% of the enrolments, spread evenly. */
const OTHER_COMPANIES = 300;

const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

export interface BenchData {
  big: number;
  depots: number[];
  courses: number[];
  generationSeconds: Record<string, number>;
}

/**
 * Fills a fresh, migrated database with `rows` enrolments, set-based (INSERT … SELECT over a
 * numbers table), so that the indexes are the migrations' own: one company and its 3 depots hold
 * a tenth, 300 other companies the rest; a fifth as many learners (each on ~5 of 30 courses),
 * a third of them with a login code instead of an email; statuses 30% not started, 25% in
 * progress, 35% passed (a certificate each), 10% failed, enrolled over the last ~1,000 days;
 * a SCORM attempt and SCO state for every started enrolment.
 */
export async function generate(em: Em, rows: number, mysql: boolean): Promise<BenchData> {
  const knex = em.getKnex();
  const timings: Record<string, number> = {};
  const step = async (name: string, work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    timings[name] = seconds(performance.now() - start);
    process.stdout.write(`  ${name}: ${timings[name]} s\n`);
  };
  const run = (sql: string) => knex.raw(sql);
  const DIV = mysql ? 'DIV' : '/';
  const concat = (...parts: string[]) => (mysql ? `CONCAT(${parts.join(', ')})` : parts.join(' || '));
  const now = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const nowText = new Date(now).toISOString().slice(0, 19).replace('T', ' ');
  /** A date `secondsAgo` (an SQL expression) before now, as each database keeps dates. */
  const ago = (secondsAgo: string) =>
    mysql ? `TIMESTAMPADD(SECOND, -(${secondsAgo}), '${nowText}')` : `(${now} - (${secondsAgo}) * 1000)`;
  const nextId = async (table: string) => Number(((await knex(table).max({ id: 'id' })) as { id: number | null }[])[0]?.id ?? 0) + 1;
  const stamp = em.getPlatform().processDateProperty(new Date(now));

  const learners = Math.max(40, Math.floor(rows / 5));
  const bigLearners = Math.max(4, Math.floor(learners / 10));
  const bigRows = Math.floor(rows / 10);
  const C0 = await nextId('companies');
  const K0 = await nextId('courses');
  const U0 = await nextId('users');
  const E0 = await nextId('enrollments');

  await step('numbers table', async () => {
    await run('DROP TABLE IF EXISTS bench_digits');
    await run('DROP TABLE IF EXISTS bench_seq');
    await run('DROP TABLE IF EXISTS bench_first');
    await run('DROP TABLE IF EXISTS bench_last');
    await run('CREATE TABLE bench_digits (d INTEGER PRIMARY KEY)');
    await run(`INSERT INTO bench_digits (d) VALUES ${Array.from({ length: 10 }, (_, d) => `(${d})`).join(', ')}`);
    await run('CREATE TABLE bench_seq (n INTEGER PRIMARY KEY)');
    const digits = Math.max(1, Math.ceil(Math.log10(Math.max(rows, learners))));
    const tables = Array.from({ length: digits }, (_, i) => `bench_digits d${i}`).join(' CROSS JOIN ');
    const value = Array.from({ length: digits }, (_, i) => `d${i}.d * ${10 ** i}`).join(' + ');
    await run(`INSERT INTO bench_seq (n) SELECT ${value} FROM ${tables}`);
    await run('CREATE TABLE bench_first (k INTEGER PRIMARY KEY, name VARCHAR(64))');
    await run('CREATE TABLE bench_last (k INTEGER PRIMARY KEY, name VARCHAR(64))');
    await knex('bench_first').insert(FIRST_NAMES.map((name, k) => ({ k, name })));
    await knex('bench_last').insert(LAST_NAMES.map((name, k) => ({ k, name })));
  });

  const big = C0;
  const depots = [C0 + 1, C0 + 2, C0 + 3];
  await step('companies and courses', async () => {
    const companies = [
      { id: big, name: 'Bench Haulage Ltd', parent_id: null },
      ...['Bench Depot Leeds', 'Bench Depot Bristol', 'Bench Depot Glasgow'].map((name, i) => ({ id: depots[i]!, name, parent_id: big })),
      ...Array.from({ length: OTHER_COMPANIES }, (_, i) => ({
        id: C0 + 4 + i,
        name: `Bench Company ${String(i).padStart(3, '0')}`,
        parent_id: null,
      })),
    ].map((c) => ({ ...c, created_at: stamp, updated_at: stamp }));
    for (let i = 0; i < companies.length; i += 100) await knex('companies').insert(companies.slice(i, i + 100));
    await knex('courses').insert(
      COURSE_NAMES.map((name, i) => ({
        id: K0 + i,
        name,
        description: '',
        credit_cost: 1,
        validity_period: 1,
        created_at: stamp,
        updated_at: stamp,
      })),
    );
  });

  // The learner with index l: the measured company's first `bigLearners` (a quarter its own, the rest its depots'), then the others'.
  const companyOf = (l: string) =>
    `CASE WHEN ${l} < ${bigLearners} THEN (CASE WHEN ${l} % 4 = 0 THEN ${big} ELSE ${C0} + ${l} % 4 END) ELSE ${C0 + 4} + ${l} % ${OTHER_COMPANIES} END`;
  await step(`users (${learners})`, async () => {
    for (let from = 0; from < learners; from += 200_000) {
      await run(`INSERT INTO users (id, name, email, login_code, company_id, role, wp_user, created_at, updated_at)
        SELECT ${U0} + s.n, ${concat('f.name', "' '", 'l.name')},
          CASE WHEN s.n % 3 = 0 THEN NULL ELSE ${concat('lower(f.name)', "'.'", 'lower(l.name)', "'.'", 's.n', "'@example.test'")} END,
          CASE WHEN s.n % 3 = 0 THEN ${concat("'LC'", 's.n')} ELSE NULL END,
          ${companyOf('s.n')}, 'learner', 0, ${ago('(s.n % 1000) * 86400 + 1000 * 86400')}, ${ago('(s.n % 1000) * 86400 + 1000 * 86400')}
        FROM bench_seq s JOIN bench_first f ON f.k = s.n % ${FIRST_NAMES.length} JOIN bench_last l ON l.k = (s.n ${DIV} ${FIRST_NAMES.length}) % ${LAST_NAMES.length}
        WHERE s.n >= ${from} AND s.n < ${Math.min(learners, from + 200_000)}`);
    }
  });

  // Per enrolment n: its learner l and the how-many-th enrolment k of that learner (a different course each), a hash h for the status, its age in seconds.
  const otherLearners = learners - bigLearners;
  const derived = (
    from: number,
    to: number,
  ) => `SELECT n, l, k, h, ca, ca - 3600 * (n % 48) AS sa, ca - 3600 * (n % 48) - 86400 * (n % 10) AS ua FROM (
      SELECT s.n,
        CASE WHEN s.n < ${bigRows} THEN s.n % ${bigLearners} ELSE ${bigLearners} + (s.n - ${bigRows}) % ${otherLearners} END AS l,
        CASE WHEN s.n < ${bigRows} THEN s.n ${DIV} ${bigLearners} ELSE (s.n - ${bigRows}) ${DIV} ${otherLearners} END AS k,
        (s.n * 7919 + 13) % 100 AS h,
        (12 + (s.n * 7) % 1000) * 86400 + s.n % 86400 AS ca
      FROM bench_seq s WHERE s.n >= ${from} AND s.n < ${to}) base`;
  const status = `CASE WHEN x.h < 30 THEN 'not_started' WHEN x.h < 55 THEN 'in_progress' WHEN x.h < 90 THEN 'passed' ELSE 'failed' END`;
  await step(`enrolments (${rows})`, async () => {
    for (let from = 0; from < rows; from += 100_000) {
      await run(`INSERT INTO enrollments (id, user_id, course_id, company_id, status, score, certificate_code, started_at, passed_at, expires_at, created_at, updated_at, last_reminded_at)
        SELECT ${E0} + x.n, ${U0} + x.l, ${K0} + (x.l + x.k * 7) % ${COURSE_NAMES.length}, ${companyOf('x.l')}, ${status},
          CASE WHEN x.h >= 90 THEN x.n % 70 WHEN x.h >= 55 THEN 70 + x.n % 31 ELSE NULL END,
          CASE WHEN x.h >= 55 AND x.h < 90 THEN ${concat("'BC'", `${E0} + x.n`)} ELSE NULL END,
          CASE WHEN x.h < 30 THEN NULL ELSE ${ago('x.sa')} END,
          CASE WHEN x.h >= 55 AND x.h < 90 THEN ${ago('x.ua')} ELSE NULL END,
          CASE WHEN x.h >= 55 AND x.h < 90 THEN ${ago('x.ua - 365 * 86400')} ELSE NULL END,
          ${ago('x.ca')},
          CASE WHEN x.h < 30 THEN ${ago('x.ca')} ELSE ${ago('x.ua')} END,
          CASE WHEN x.h < 30 AND x.n % 10 = 0 THEN ${ago('x.ca - 86400')} ELSE NULL END
        FROM (${derived(from, Math.min(rows, from + 100_000))}) x`);
    }
  });
  const lastE = E0 + rows;
  await step('SCORM attempts and SCO states', async () => {
    for (let from = E0; from < lastE; from += 200_000) {
      const range = `e.id >= ${from} AND e.id < ${Math.min(lastE, from + 200_000)}`;
      await run(`INSERT INTO scorm_attempts (enrollment_id, user_id, token_hash, last_seq, started_at, last_commit_at, finished_at)
        SELECT e.id, e.user_id, 'bench', 1, e.started_at, e.updated_at, CASE WHEN e.status IN ('passed', 'failed') THEN e.updated_at ELSE NULL END
        FROM enrollments e WHERE ${range} AND e.status <> 'not_started'`);
      await run(`INSERT INTO scorm_sco_states (enrollment_id, sco_identifier, attempt_id, seq, progress, lesson_status, total_seconds, updated_at)
        SELECT e.id, 'SCO-1', a.id, 1, CASE WHEN e.status = 'in_progress' THEN 'incomplete' ELSE 'completed' END,
          CASE e.status WHEN 'passed' THEN 'passed' WHEN 'failed' THEN 'failed' ELSE 'incomplete' END, 300 + e.id % 5400, e.updated_at
        FROM enrollments e JOIN scorm_attempts a ON a.enrollment_id = e.id WHERE ${range}`);
    }
  });
  await step('certificates', async () => {
    for (let from = E0; from < lastE; from += 200_000) {
      await run(`INSERT INTO certificates (code, enrollment_id, user_id, course_id, company_id, issued_at, expires_at, created_at, updated_at)
        SELECT e.certificate_code, e.id, e.user_id, e.course_id, e.company_id, e.passed_at, e.expires_at, e.passed_at, e.passed_at
        FROM enrollments e WHERE e.id >= ${from} AND e.id < ${Math.min(lastE, from + 200_000)} AND e.status = 'passed'`);
    }
  });
  await step('statistics', async () => {
    for (const table of ['bench_digits', 'bench_seq', 'bench_first', 'bench_last']) await run(`DROP TABLE ${table}`);
    await run(mysql ? 'ANALYZE TABLE enrollments, users, courses, companies, scorm_attempts, scorm_sco_states, certificates' : 'ANALYZE');
  });
  return { big, depots, courses: Array.from({ length: COURSE_NAMES.length }, (_, i) => K0 + i), generationSeconds: timings };
}
