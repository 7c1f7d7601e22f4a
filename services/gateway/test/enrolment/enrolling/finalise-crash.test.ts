import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany } from '@portal/identity-service/testing';
import { makeCourse } from '@portal/catalogue-service/testing';
import { changeCredits } from '@portal/enrolment-service/testing';
import { identityService } from '@portal/identity-service';
import { catalogueService } from '@portal/catalogue-service';
import { enrolmentService } from '@portal/enrolment-service';

/**
 * Issue 25 D5: a finalise is all or nothing, even when its process dies. A child process
 * (src/testing/finalise-process.ts) runs one wizard finalise of LEARNERS new learners on this
 * test's database (SQLite file, or MariaDB with MYSQL_URL) and is killed with SIGKILL at a random
 * point; then either nothing of it exists, or all of it: an account, an enrolment, a charge and a
 * welcome-mail job per learner, and the balance still equals its ledger.
 */
const LEARNERS = 1000;
const KILLS = 4;
let platform: TestPlatform;
let companyId: number;
let courseId: number;

beforeAll(async () => {
  platform = await createTestPlatform({ services: [identityService, catalogueService, enrolmentService] });
  const em = platform.orm.em.fork();
  companyId = (await makeCompany(em, { name: 'Crash Test Ltd' })).id;
  courseId = (await makeCourse(em, { name: 'Manual Handling', creditCost: 1 })).id;
  await changeCredits(em, { companyId, delta: LEARNERS * (KILLS + 1), kind: 'purchase' });
});
afterAll(() => platform.close());

/**
 * Runs the finalise in a child; kills it `killAfterMs` after it is ready (never, when null).
 * Resolves with whether it finished and how long it ran once ready.
 */
function finalise(prefix: string, killAfterMs: number | null): Promise<{ finished: boolean; ms: number }> {
  let readyAt = 0;
  const request = JSON.stringify({ companyId, courseId, prefix, count: LEARNERS });
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'finalise-process.ts'), request], {
    cwd: join(import.meta.dirname, '../../..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: platform.env.dataDir,
      ...(platform.env.DATABASE_URL ? { DATABASE_URL: platform.env.DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (!readyAt && output.includes('ready')) readyAt = Date.now();
    if (killAfterMs !== null && output.includes('ready') && !output.includes('killing')) {
      output += 'killing';
      setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    }
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      const ms = Date.now() - readyAt;
      if (signal === 'SIGKILL') resolve({ finished: output.includes('done'), ms });
      else if (code === 0 && output.includes(`done ${LEARNERS}`)) resolve({ finished: true, ms });
      else reject(new Error(`the finalise exited (${code ?? signal}): ${errors}`));
    });
  });
}

/** What exists of one finalise: its accounts, their enrolments and ledger rows, and their welcome-mail jobs. */
async function leftOf(prefix: string) {
  const knex = platform.orm.em.fork().getKnex();
  const count = async (query: PromiseLike<{ n?: number | string }[]>) => Number((await query)[0]!.n);
  const users = knex('users').select('id').where('email', 'like', `${prefix}-%`);
  const enrolments = knex('enrollments').select('id').whereIn('user_id', users);
  return {
    accounts: await count(knex('users').count({ n: '*' }).where('email', 'like', `${prefix}-%`)),
    enrolments: await count(knex('enrollments').count({ n: '*' }).whereIn('user_id', users)),
    charges: await count(knex('credit_transactions').count({ n: '*' }).whereIn('enrollment_id', enrolments)),
    welcomes: await count(knex('jobs').count({ n: '*' }).where('name', 'mail.send').andWhere('payload', 'like', `%${prefix}-%`)),
  };
}

async function balanceMatchesLedger() {
  const knex = platform.orm.em.fork().getKnex();
  const [account] = await knex('credit_accounts').select('balance').where('company_id', companyId);
  const [ledger] = await knex('credit_transactions').sum({ total: 'delta' }).where('company_id', companyId);
  return Number(account.balance) === Number(ledger?.total);
}

describe('a finalise killed with SIGKILL', () => {
  it(`leaves all of its ${LEARNERS} learners or none: accounts = enrolments = charges = welcome mails`, { timeout: 600_000 }, async () => {
    // A finalise left alone, to learn how long one takes: the kills fall anywhere within it.
    const whole = await finalise('whole', null);
    expect(whole.finished).toBe(true);
    const duration = whole.ms;
    expect(await leftOf('whole')).toEqual({ accounts: LEARNERS, enrolments: LEARNERS, charges: LEARNERS, welcomes: LEARNERS });

    const outcomes: string[] = [];
    for (let trial = 0; trial < KILLS; trial++) {
      const prefix = `killed${trial}`;
      const killAfterMs = Math.floor(Math.random() * duration);
      const { finished } = await finalise(prefix, killAfterMs);
      const left = await leftOf(prefix);
      const expected = left.accounts === 0 ? 0 : LEARNERS;
      outcomes.push(`${killAfterMs} ms: ${left.accounts}${finished ? ' (finished)' : ''}`);
      expect(left, `killed after ${killAfterMs} ms of ${duration}`).toEqual({
        accounts: expected,
        enrolments: expected,
        charges: expected,
        welcomes: expected,
      });
      expect(await balanceMatchesLedger()).toBe(true);
    }
    console.info(`finalise of ${LEARNERS} took ${duration} ms; kills: ${outcomes.join(', ')}`);
  });
});
