import type { Hono } from 'hono';
import type { ServiceSchema } from '../db';
import type { JobDefinition, ScheduledTask } from '../jobs';
import type { AppEnv, ServiceDeps } from '../http';
import type { PortFactories } from '../ports';

/** What a service's app may read of the platform it is composed into. */
export interface ServiceAppContext {
  /** The whole platform's schedule (reporting shows it on the Cron Jobs tab). */
  scheduledTasks: () => ScheduledTask[];
}

/**
 * One service as the composition root sees it: its tables, the port it provides, the jobs its
 * workers run, its scheduled tasks and its HTTP app. The gateway composes the list; tests
 * compose the same list with `createTestPlatform({ services })`.
 */
export interface ServiceDescriptor {
  name: string;
  schema?: ServiceSchema;
  /** The port(s) this service provides to the others. */
  ports?: Partial<PortFactories>;
  /** Jobs' handlers; `platform` is read when a job runs (the worker is built before the deps). */
  jobs?: (platform: () => ServiceDeps) => JobDefinition[];
  scheduledTasks?: (platform: ServiceDeps) => ScheduledTask[];
  app: (deps: ServiceDeps, context: ServiceAppContext) => Hono<AppEnv>;
}

/** The services' parts, put together in the list's order. */
export function composeServices(services: readonly ServiceDescriptor[]) {
  return {
    schemas: services.flatMap((s) => (s.schema ? [s.schema] : [])),
    ports: Object.assign({}, ...services.map((s) => s.ports ?? {})) as Partial<PortFactories>,
    jobs: (platform: () => ServiceDeps) => services.flatMap((s) => s.jobs?.(platform) ?? []),
    scheduledTasks: (platform: ServiceDeps) => services.flatMap((s) => s.scheduledTasks?.(platform) ?? []),
  };
}
