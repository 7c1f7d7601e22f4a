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
import { composeServices, type ServiceDescriptor } from '../service';
import { unwiredPort } from './recording-enrolment-port';
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
 * `createServiceDeps` like everywhere else. `services` are composed as in the gateway (tables,
 * ports, jobs); a port no service provides is `ports`' (a recording port) or unwired.
 */
export async function createTestPlatform(options: {
  services?: readonly ServiceDescriptor[];
  /** Tables beyond the services' (the kit's own tests). */
  schemas?: ServiceSchema[];
  /** Ports beside (or instead of) the services': recording ports for the services not in the test. */
  ports?: Partial<PortFactories>;
  env?: Partial<Record<string, string>>;
  now?: () => Date;
  /** Job handlers beside the services' and `mail.send` (which records into `sentMail`). */
  jobDefinitions?: JobDefinition[];
}): Promise<TestPlatform> {
  const composed = composeServices(options.services ?? []);
  const ports: PortFactories = {
    identity: () => unwiredPort('identity'),
    catalogue: () => unwiredPort('catalogue'),
    enrolment: () => unwiredPort('enrolment'),
    ...composed.ports,
    ...options.ports,
  };
  configureLogger({ quiet: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (TEST_DATABASE === 'mysql') {
    if (!MYSQL_URL) throw new Error('The mysql test project needs MYSQL_URL');
    const name = `portal_test_${randomBytes(5).toString('hex')}`;
    const server = new URL(MYSQL_URL);
    const admin = await createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username),
      password: decodeURIComponent(server.password),
    });
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    server.pathname = `/${name}`;
    databaseUrl = server.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    };
  }
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_REQUESTS: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  // The jobs tables are always there: every mail is a job.
  const given = [...(options.schemas ?? []), ...composed.schemas];
  const withJobs = given.includes(jobsSchema) ? given : [jobsSchema, ...given];
  // And the audit log: services record their actions in it.
  const schemas = withJobs.includes(auditSchema) ? withJobs : [auditSchema, ...withJobs];
  const orm: Orm = await createOrm({ databaseUrl, dataDir, schemas });
  await migrate(orm);
  const sentMail: MailMessage[] = [];
  const deliver = { send: (message: MailMessage) => Promise.resolve(void sentMail.push(message)) };
  // The queue and worker read the clock through the deps, so a test that swaps `now` moves them.
  const clock = () => deps.now();
  const queue = createJobQueue({ orm, now: clock });
  const worker = createWorker({
    orm,
    now: clock,
    queue,
    definitions: [mailSendJob(deliver), ...composed.jobs(() => deps), ...(options.jobDefinitions ?? [])],
  });
  const jobs: TestJobQueue = Object.assign(queue, { drain: () => worker.drain(), worker });
  const deps = createServiceDeps({
    env,
    orm,
    ports,
    jobs,
    storage: createLocalStorage(join(dataDir, 'storage')),
    ...(options.now ? { now: options.now } : {}),
  });
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
