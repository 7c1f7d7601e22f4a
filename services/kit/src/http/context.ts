import type { Hono, Context } from 'hono';
import type { Env } from '../env';
import type { Em, Orm } from '../db';
import type { IdentityPort, Principal } from '../auth';
import type { Mailer } from '../mail';
import type { Storage } from '../storage';
import type { EnrolmentPort } from '../ports';

export interface AppVariables {
  requestId: string;
  em: Em;
  principal: Principal | null;
}
export type AppEnv = { Variables: AppVariables };
export type App = Hono<AppEnv>;
export type AppContext = Context<AppEnv>;

/** What every service app is built from (the gateway builds one set and hands it to all four). */
export interface ServiceDeps {
  env: Env;
  orm: Orm;
  identity: IdentityPort;
  mailer: Mailer;
  storage: Storage;
  /** Set by the gateway (and standalone services that cascade into enrolment). */
  enrolment?: EnrolmentPort;
  now?: () => Date;
}
