import type { Env } from '../env';
import type { Orm } from '../db';
import type { Mailer } from '../mail';
import type { Storage } from '../storage';
import type { JobQueue } from '../jobs';
import type { IdentityPort } from './identity.port';
import type { CataloguePort } from './catalogue.port';
import type { EnrolmentPort } from './enrolment.port';

export * from './identity.port';
export * from './catalogue.port';
export * from './enrolment.port';
export * from './port-transaction';

/*
 * Front doors (DESIGN.md "Data"). A service reaches another only through that service's port:
 * plain JSON-serialisable data in and out, never an entity or an entity manager, and what the
 * caller needs in one call (batched by ids). The provider forks its own entity manager per call,
 * so a port could as well be an HTTP adapter.
 *
 * Call ports OUTSIDE your own transactions. On SQLite the ORM has one connection: a port call made
 * while the caller holds a transaction open waits for that connection forever. So a change that
 * spans services runs as steps that each commit on their own (to delete a course, enrolment first
 * removes and refunds its enrolments, then catalogue deletes the course). That is not atomic
 * across services, exactly as it would not be over HTTP. The one exception is a port method that
 * takes a `PortTransaction` (port-transaction.ts): it runs on the caller's transaction, so its
 * writes are part of the caller's unit (the wizard's finalise creates learners that way).
 */

/** What a port implementation is built from (one per composition root). */
export interface PortContext {
  env: Env;
  orm: Orm;
  /** The composition root's mailer (a provider that mails, e.g. identity's welcome mail, sends through it). */
  mailer: Mailer;
  /** The injected clock; read it per call, never while the port is being built. */
  now: () => Date;
  /** The composition root's file storage (catalogue's certificate background is read through it). */
  storage?: Storage;
  /** The composition root's job queue (a SCO's last word may pass a course: its certificate mail is a job). */
  jobs?: JobQueue;
  /**
   * The other services' ports, for a port that answers with another service's data (enrolment
   * names the courses it counts through catalogue's port). Read it per call: the ports are built
   * together.
   */
  ports?: () => { identity: IdentityPort; catalogue: CataloguePort; enrolment: EnrolmentPort };
}

export type PortFactory<P> = (context: PortContext) => P;

/** Every port, as factories: the composition root (gateway, standalone run, tests) builds them. */
export interface PortFactories {
  identity: PortFactory<IdentityPort>;
  catalogue: PortFactory<CataloguePort>;
  enrolment: PortFactory<EnrolmentPort>;
}
