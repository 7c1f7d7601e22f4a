import type { Hono, Context } from 'hono';
import type { Env } from '../env';
import type { Orm } from '../db';
import type { Principal } from '../auth';
import type { Mailer } from '../mail';
import type { Storage } from '../storage';
import type { JobQueue } from '../jobs';
import type { AuditLog } from '../audit';
import type { CataloguePort, EnrolmentPort, IdentityPort } from '../ports';

export interface AppVariables {
  requestId: string;
  principal: Principal | null;
}
export type AppEnv = { Variables: AppVariables };
export type App = Hono<AppEnv>;
export type AppContext = Context<AppEnv>;

/**
 * What every service app is built from, by `createServiceDeps` (the gateway builds one set and
 * hands it to all four). Every port is always there: a service reaches another only through it.
 */
export interface ServiceDeps {
  env: Env;
  orm: Orm;
  identity: IdentityPort;
  catalogue: CataloguePort;
  enrolment: EnrolmentPort;
  /** Queued: `send` makes a `mail.send` job. */
  mailer: Mailer;
  /** The durable job queue; handlers are registered where the worker runs. */
  jobs: JobQueue;
  storage: Storage;
  /** The audit log: `record` an action with the caller's `em` so it commits with the work. */
  audit: AuditLog;
  /** The clock; tests set a fixed one. */
  now: () => Date;
}
