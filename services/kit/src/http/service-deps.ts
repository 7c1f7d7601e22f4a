import { join } from 'node:path';
import type { Env } from '../env';
import type { Orm } from '../db';
import { createMailer, type Mailer } from '../mail';
import { createLocalStorage, type Storage } from '../storage';
import type { PortContext, PortFactories } from '../ports';
import type { ServiceDeps } from './context';

/**
 * The one way to build a service's dependencies, for every composition root: the gateway, a
 * service run alone, and tests. Ports are built from their factories on the same database and
 * clock; mail goes out by SMTP_URL (or to the data folder) and files to `<dataDir>/storage`
 * unless given.
 */
export function createServiceDeps(options: {
  env: Env;
  orm: Orm;
  ports: PortFactories;
  mailer?: Mailer;
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
    ports: () => deps,
  };
  const deps: ServiceDeps = {
    env,
    orm,
    mailer: options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir }),
    storage: options.storage ?? createLocalStorage(join(env.dataDir, 'storage')),
    now: options.now ?? (() => new Date()),
    identity: options.ports.identity(context),
    catalogue: options.ports.catalogue(context),
    enrolment: options.ports.enrolment(context),
  };
  return deps;
}
