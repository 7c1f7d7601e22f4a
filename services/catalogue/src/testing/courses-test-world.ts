import { readFileSync } from 'node:fs';
import { appendFormFields, type CourseDetail, type Role } from '@portal/contracts';
import {
  createFakeIdentityPort,
  createRecordingEnrolmentPort,
  createTestPlatform,
  TestClient,
  type TestPlatform,
} from '@portal/service-kit/testing';
import { createCatalogueApp } from '../app';
import { catalogueService } from '../service';
import { Category } from '../modules/categories/category.entity';
import { SCORM_FIXTURES } from '../modules/packages/test-fixtures';

export const COMPANY_SPECIFIC = 18;

type SessionName = 'admin' | 'managerA' | 'managerB' | 'depotManagerA' | 'learner';
type CreateAnswer = { success?: boolean; message: string; data: CourseDetail; errors?: Record<string, string[]> };

export interface CoursesTestWorld {
  platform: TestPlatform;
  enrolment: ReturnType<typeof createRecordingEnrolmentPort>;
  sessions: Record<SessionName, string>;
  /** Company A (with a depot, whose manager is depotManagerA) and company B. */
  companyA: number;
  companyB: number;
  /** A learner of company A. */
  learnerId: number;
  client(session?: string): TestClient;
  /** POST /api/courses with the course form (`courseForm`), as the admin unless told. */
  create(fields: Record<string, unknown>, session?: string): Promise<{ response: Response; body: CreateAnswer }>;
  /** The company's certificate validity for the course, as enrolment reads it through the port. */
  validityFor(companyId: number, courseId: number): Promise<number | undefined>;
  close(): Promise<void>;
}

/** A SCORM package of packages/test-fixtures as an upload. */
export const fixture = (name: string) => new File([readFileSync(SCORM_FIXTURES + name)], name, { type: 'application/zip' });

/** The admin's course form: a whole course, `fields` replacing or adding to it. */
export function courseForm(fields: Record<string, unknown>) {
  return appendFormFields(new FormData(), {
    name: 'Golf safety',
    description: '<p onclick="steal()">Swing <strong>safely</strong></p><script>alert(1)</script>',
    category_ids: [1],
    duration: '30 minutes',
    validity_period: 2,
    sku: 'GOLF-1',
    wp_link: 'https://shop.example.test/golf',
    credit_cost: 3,
    has_bridging: true,
    ...fields,
  });
}

/**
 * Catalogue alone for the course routes' tests: identity is an in-memory port, enrolment a
 * recording one (the gateway tests the real cascades). Three categories, companies A (with a
 * depot) and B, an admin, their managers and a learner of A, each signed in.
 */
export async function createCoursesTestWorld(): Promise<CoursesTestWorld> {
  const enrolment = createRecordingEnrolmentPort();
  const identity = createFakeIdentityPort();
  const platform = await createTestPlatform({
    services: [catalogueService],
    ports: { identity: () => identity.port, enrolment: () => enrolment.port },
  });
  const app = createCatalogueApp(platform);
  const em = platform.orm.em.fork();
  em.create(Category, { id: 1, name: 'Fire Safety' });
  em.create(Category, { id: 2, name: 'Health and Safety Essentials' });
  em.create(Category, { id: COMPANY_SPECIFIC, name: 'Company Specific' });
  await em.flush();
  const makeCompany = (name: string, parentId: number | null = null) => identity.company({ name, parentId }).id;
  const sessionFor = (role: Role, companyId: number) =>
    identity.signIn(identity.user({ role, companyId, name: `${role} of ${companyId}`, email: null }).id);
  const companyA = makeCompany('A Ltd');
  const depot = makeCompany('A depot', companyA);
  const companyB = makeCompany('B Ltd');
  const platformCompany = makeCompany('Portal');
  const sessions = {
    admin: sessionFor('admin', platformCompany),
    managerA: sessionFor('manager', companyA),
    depotManagerA: sessionFor('manager', depot),
    managerB: sessionFor('manager', companyB),
  };
  const learner = identity.user({ role: 'learner', companyId: companyA, name: 'learner of A', email: null });
  const client = (session?: string) => new TestClient(app, session ? { sessionToken: session } : {});
  return {
    platform,
    enrolment,
    sessions: { ...sessions, learner: identity.signIn(learner.id) },
    companyA,
    companyB,
    learnerId: learner.id,
    client,
    async create(fields, session = sessions.admin) {
      const response = await client(session).request('/api/courses', { method: 'POST', body: courseForm(fields) });
      return { response, body: (await response.json()) as CreateAnswer };
    },
    async validityFor(companyId, courseId) {
      return (await platform.catalogue.coursesByIds([courseId], { companyId }))[0]?.validityYears;
    },
    close: () => platform.close(),
  };
}
