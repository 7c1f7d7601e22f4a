import type { ServiceDeps } from '@portal/service-kit';
import { DEMO, seedDemoIdentity } from '@portal/identity-service';
import { DEMO_COURSE_IDS, seedDemoCatalogue } from '@portal/catalogue-service';
import { seedDemoEnrolment } from '@portal/enrolment-service';

/**
 * Seeds the demo data once, all or nothing: a database that already has users is left alone.
 * Each service's seeder writes only its own tables; the catalogue's tells enrolment's the terms
 * of the courses it made (no port call runs inside this transaction).
 */
export async function seedDemoData(deps: ServiceDeps): Promise<boolean> {
  return deps.orm.em.fork().transactional(async (tx) => {
    if (!(await seedDemoIdentity(tx))) return false;
    const courseTerms = await seedDemoCatalogue(tx, deps.storage);
    await seedDemoEnrolment(tx, { companies: DEMO.companies, users: DEMO.users, courses: DEMO_COURSE_IDS, courseTerms });
    return true;
  });
}

/** The README's demo sign-ins, as the start banner prints them. */
export function demoSignInLines(appUrl: string): string[] {
  const s = DEMO.signIns;
  return [
    'Demo sign-ins:',
    `  admin     ${s.admin.email} / ${s.admin.password}`,
    `  manager   ${s.manager.email} / ${s.manager.password}   (Demo Construction Ltd)`,
    `  learner   ${s.learner.email} / ${s.learner.password}`,
    `  learner   login code ${s.codeLearner.loginCode}`,
    `  depots    login codes ${s.northLearner.loginCode} (North Depot), ${s.southLearner.loginCode} (South Depot)`,
    `  verify    ${appUrl}/verify?code=DEMO-CERT-0001`,
  ];
}
