import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { configureLogger } from '../logger';
import { loadEnv, type Env } from '../env';
import { createOrm, migrate, type Orm, type ServiceSchema } from '../db';
import { createLocalStorage } from '../storage';
import { mailSendJob, type MailMessage } from '../mail';
import type { PortFactories } from '../ports';
import { createServiceDeps, type ServiceDeps } from '../http';
import { createJobQueue, createWorker, jobsSchema, type JobDefinition, type JobQueue, type Worker } from '../jobs';
import { auditSchema } from '../audit';
import { MYSQL_URL, TEST_DATABASE } from './env';

/** The platform's queue, with a worker the test drives. */
export interface TestJobQueue extends JobQueue {
  /** Runs every job due on the platform's clock (mail included), one after another; how many ran. */
  drain(): Promise<number>;
  worker: Worker;
}

export interface TestPlatform extends ServiceDeps {
  jobs: TestJobQueue;
  /**
   * Mail the services sent, newest last, once delivered: mail is a job, so `await
   * platform.jobs.drain()` first (tests that need real SMTP use a sink instead).
   */
  sentMail: MailMessage[];
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temporary SQLite file, or — in the MySQL
 * project — a throwaway database on MYSQL_URL's server, dropped afterwards. The deps come from
 * `createServiceDeps` like everywhere else; a service's own tests give the ports of services that
 * depend on it as recording ports (`createRecordingEnrolmentPort`, `unwiredPort`).
 */
export async function createTestPlatform(options: {
  schemas: ServiceSchema[];
  ports: PortFactories;
  env?: Partial<Record<string, string>>;
  now?: () => Date;
  /** Job handlers beside `mail.send` (which records into `sentMail`). */
  jobDefinitions?: JobDefinition[];
}): Promise<TestPlatform> {
  configureLogger({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (TEST_DATABASE === 'mysql') {
    if (!MYSQL_URL) throw new Error('The mysql test project needs MYSQL_URL');
    const name = `portal_test_${randomBytes(5).toString('hex')}`;
    const server = new URL(MYSQL_URL);
    const admin = await createConnection({ host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username), password: decodeURIComponent(server.password) });
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    server.pathname = `/${name}`;
    databaseUrl = server.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    };
  }
  const env: Env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_REQUESTS: 'false', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...options.env });
  // The jobs tables are always there: every mail is a job.
  const withJobs = options.schemas.includes(jobsSchema) ? options.schemas : [jobsSchema, ...options.schemas];
  // And the audit log: services record their actions in it.
  const schemas = withJobs.includes(auditSchema) ? withJobs : [auditSchema, ...withJobs];
  const orm: Orm = await createOrm({ databaseUrl, dataDir, schemas });
  await migrate(orm);
  const sentMail: MailMessage[] = [];
  const deliver = { send: (message: MailMessage) => Promise.resolve(void sentMail.push(message)) };
  // The queue and worker read the clock through the deps, so a test that swaps `now` moves them.
  const clock = () => deps.now();
  const queue = createJobQueue({ orm, now: clock });
  const worker = createWorker({ orm, now: clock, queue, definitions: [mailSendJob(deliver), ...(options.jobDefinitions ?? [])] });
  const jobs: TestJobQueue = Object.assign(queue, { drain: () => worker.drain(), worker });
  const deps = createServiceDeps({ env, orm, ports: options.ports, jobs, storage: createLocalStorage(join(dataDir, 'storage')), ...(options.now ? { now: options.now } : {}) });
  // The same object, not a copy: the ports read the clock through it.
  return Object.assign(deps, {
    jobs,
    sentMail,
    async close() {
      await orm.close(true);
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
