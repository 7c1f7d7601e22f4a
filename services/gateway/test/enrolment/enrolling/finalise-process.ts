import {
  auditSchema,
  composeServices,
  configureLogger,
  createOrm,
  createServiceDeps,
  jobsSchema,
  loadEnv,
  type PortFactories,
} from '@portal/service-kit';
import { catalogueService } from '@portal/catalogue-service';
import { identityService } from '@portal/identity-service';
import { enrolmentService } from '@portal/enrolment-service';
import { enrol } from '@portal/enrolment-service/testing';

/**
 * One wizard finalise in a process of its own, for modules/enrolling/finalise-crash.test.ts to kill -9 at a random
 * point: the database comes from the environment (DATA_DIR's SQLite file, or DATABASE_URL), the
 * request from its first argument ({ companyId, courseId, prefix, count } as JSON — `count` new
 * learners with emails).
 */
configureLogger({ quiet: true });
const env = loadEnv();
const services = composeServices([identityService, catalogueService, enrolmentService]);
const orm = await createOrm({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.dataDir,
  schemas: [jobsSchema, auditSchema, ...services.schemas],
});
const deps = createServiceDeps({ env, orm, ports: services.ports as PortFactories });
const input = JSON.parse(process.argv[2] ?? '{}') as { companyId: number; courseId: number; prefix: string; count: number };

process.stdout.write('ready\n');
const outcome = await enrol(orm.em.fork(), deps, {
  companyId: input.companyId,
  courseIds: [input.courseId],
  userIds: [],
  newUsers: Array.from({ length: input.count }, (_, i) => ({ name: `${input.prefix} ${i}`, email: `${input.prefix}-${i}@example.test` })),
  actor: { userId: null, name: 'Finalise process' },
  now: new Date(),
});
process.stdout.write(`done ${outcome.made.length}\n`);
await orm.close(true);
