import { createOrm, createServiceDeps, jobsSchema, migrate, type Env, type PortFactories, type ServiceDeps, type ServiceSchema } from '@portal/service-kit';
import { createIdentityPort, identitySchema } from '@portal/identity-service';
import { catalogueSchema, createCataloguePort } from '@portal/catalogue-service';
import { createEnrolmentPort, enrolmentSchema } from '@portal/enrolment-service';

export const ALL_SCHEMAS: ServiceSchema[] = [jobsSchema, identitySchema, catalogueSchema, enrolmentSchema];

/** Every service's front door, in process. The gateway is the one place that knows them all. */
export const ALL_PORTS: PortFactories = { identity: createIdentityPort, catalogue: createCataloguePort, enrolment: createEnrolmentPort };

/**
 * One database, one set of dependencies with every port wired, shared by the four services inside
 * the gateway (and by a service run alone, `standalone.ts`).
 */
export async function createPlatform(env: Env, options: { sqliteFile?: string } = {}): Promise<ServiceDeps & { close: () => Promise<void> }> {
  const orm = await createOrm({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    schemas: ALL_SCHEMAS,
    ...(options.sqliteFile ? { sqliteFile: options.sqliteFile } : {}),
  });
  await migrate(orm);
  return Object.assign(createServiceDeps({ env, orm, ports: ALL_PORTS }), { close: () => orm.close(true) });
}
