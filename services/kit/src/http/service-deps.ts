import type { Env } from '../env';
import type { Orm } from '../db';
import { createQueuedMailer, type Mailer } from '../mail';
import { createJobQueue, type JobQueue } from '../jobs';
import { createAuditLog } from '../audit';
import { createStorage, type Storage } from '../storage';
import type { PortContext, PortFactories } from '../ports';
import type { ServiceDeps } from './context';

/**
 * The one way to build a service's dependencies, for every composition root: the gateway, a
 * service run alone, and tests. Ports are built from their factories on the same database and
 * clock; jobs go to the jobs table, mail through it (`mail.send` jobs, delivered by a worker to
 * SMTP_URL or the data folder), and files to STORAGE_URL's store (default `<dataDir>/storage`) unless given.
 */
export function createServiceDeps(options: {
  env: Env;
  orm: Orm;
  ports: PortFactories;
  mailer?: Mailer;
  jobs?: JobQueue;
  storage?: Storage;
  now?: () => Date;
}): ServiceDeps {
  const { env, orm } = options;
  // Ports read the clock and the mailer through the deps, so a test that swaps `deps.now` or
  // `deps.mailer` moves them too; `ports()` lets a port reach the others (never while building).
  const context: PortContext = {
    env,
    orm,
    get mailer() {
      return deps.mailer;
    },
    now: () => deps.now(),
    get storage() {
      return deps.storage;
    },
    get jobs() {
      return deps.jobs;
    },
    ports: () => deps,
  };
  const jobs = options.jobs ?? createJobQueue({ orm, now: () => deps.now() });
  const deps: ServiceDeps = {
    env,
    orm,
    jobs,
    mailer: options.mailer ?? createQueuedMailer(jobs),
    storage: options.storage ?? createStorage(env),
    now: options.now ?? (() => new Date()),
    audit: createAuditLog({ orm, now: () => deps.now() }),
    identity: options.ports.identity(context),
    catalogue: options.ports.catalogue(context),
    enrolment: options.ports.enrolment(context),
  };
  return deps;
}
