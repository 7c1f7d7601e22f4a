import {
  createMailer,
  createOrm,
  createScheduler,
  createServiceDeps,
  createWorker,
  defineTask,
  jobsSchema,
  auditSchema,
  mailSendJob,
  migrate,
  pruneScheduledRuns,
  workerSettings,
  type Env,
  type JobDefinition,
  type PortFactories,
  type ScheduledTask,
  type ServiceDeps,
  type ServiceSchema,
  composeServices,
  type ServiceDescriptor,
} from '@portal/service-kit';
import { identityService } from '@portal/identity-service';
import { catalogueService } from '@portal/catalogue-service';
import { enrolmentService } from '@portal/enrolment-service';
import { reportingService } from '@portal/reporting-service';

/** The portal's services, in mounting order. The gateway is the one place that knows them all. */
export const SERVICES: readonly ServiceDescriptor[] = [identityService, catalogueService, enrolmentService, reportingService];

const composed = composeServices(SERVICES);

const ALL_SCHEMAS: ServiceSchema[] = [jobsSchema, auditSchema, ...composed.schemas];

/** Every service's front door, in process. */
const ALL_PORTS = composed.ports as PortFactories;

/**
 * Every kind of job the portal's workers run, by name. A service that wants work done later
 * enqueues `deps.jobs.enqueue(name, payload)`; its handler comes from its descriptor.
 */
export function jobDefinitions(platform: ServiceDeps): JobDefinition[] {
  const { env } = platform;
  return [
    mailSendJob(createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir })),
    ...composed.jobs(() => platform),
  ];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The portal's schedule, in one place (times in UTC): the services' tasks and the platform's own.
 * A task should be short: it finds what is due and enqueues jobs for the slow part. Each
 * occurrence runs once across every instance.
 */
export function scheduledTasks(platform: ServiceDeps): ScheduledTask[] {
  return [
    ...composed.scheduledTasks(platform),
    defineTask({
      name: 'jobs.prune-scheduled-runs',
      description: 'Forgets the records of scheduled runs older than 90 days.',
      schedule: { every: 'day', hour: 3, minute: 30 },
      run: async ({ now }) => void (await pruneScheduledRuns(platform.orm.em.fork(), new Date(now.getTime() - 90 * DAY_MS))),
    }),
  ];
}

/**
 * A job worker and the scheduler on this platform, started: inside the server (RUN_WORKER, the
 * default) or alone (`npm run worker`). `stop` lets the jobs in hand finish.
 */
export function startBackgroundWork(platform: ServiceDeps): { stop: () => Promise<void> } {
  const now = () => platform.now();
  const worker = createWorker({
    orm: platform.orm,
    now,
    queue: platform.jobs,
    definitions: jobDefinitions(platform),
    ...workerSettings(platform.env),
  });
  const scheduler = createScheduler({ orm: platform.orm, now, tasks: scheduledTasks(platform), pollMs: platform.env.SCHEDULER_POLL_MS });
  worker.start();
  scheduler.start();
  return {
    async stop() {
      await Promise.all([worker.stop(), scheduler.stop()]);
    },
  };
}

/**
 * One database, one set of dependencies with every port wired, shared by the four services inside
 * the gateway (and by a service run alone, `standalone.ts`).
 */
export async function createPlatform(
  env: Env,
  options: { sqliteFile?: string } = {},
): Promise<ServiceDeps & { close: () => Promise<void> }> {
  const orm = await createOrm({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    schemas: ALL_SCHEMAS,
    ...(options.sqliteFile ? { sqliteFile: options.sqliteFile } : {}),
  });
  await migrate(orm);
  return Object.assign(createServiceDeps({ env, orm, ports: ALL_PORTS }), { close: () => orm.close(true) });
}
