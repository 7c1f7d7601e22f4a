import {
  createLocalStorage,
  createMailer,
  createOrm,
  jobsSchema,
  migrate,
  type Env,
  type Orm,
  type ServiceDeps,
  type ServiceSchema,
} from '@portal/service-kit';
import { identityPort, identitySchema } from '@portal/identity-service';
import { catalogueSchema } from '@portal/catalogue-service';
import { enrolmentPort, enrolmentSchema } from '@portal/enrolment-service';
import { join } from 'node:path';

export const ALL_SCHEMAS: ServiceSchema[] = [jobsSchema, identitySchema, catalogueSchema, enrolmentSchema];

/** One database, one set of dependencies, shared by the four services inside the gateway. */
export async function createPlatform(env: Env, options: { sqliteFile?: string } = {}): Promise<ServiceDeps & { orm: Orm; close: () => Promise<void> }> {
  const orm = await createOrm({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    schemas: ALL_SCHEMAS,
    ...(options.sqliteFile ? { sqliteFile: options.sqliteFile } : {}),
  });
  await migrate(orm);
  return {
    env,
    orm,
    identity: identityPort,
    enrolment: enrolmentPort,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir }),
    storage: createLocalStorage(join(env.dataDir, 'storage')),
    close: () => orm.close(true),
  };
}
