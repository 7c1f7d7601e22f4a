import type { ServiceDeps } from '@portal/service-kit';
import { DEMO, seedDemoIdentity, User } from '@portal/identity-service';
import { Course, DEMO_COURSE_IDS, seedDemoCatalogue } from '@portal/catalogue-service';
import { seedDemoEnrolment } from '@portal/enrolment-service';

/** Seeds the demo data once: a database that already has users is left alone. */
export async function seedDemoData(deps: ServiceDeps): Promise<boolean> {
  const em = deps.orm.em.fork();
  if ((await em.count(User, {})) > 0) return false;
  await em.transactional(async (tx) => {
    await seedDemoIdentity(tx);
    await seedDemoCatalogue(tx, deps.storage);
    const courses = await tx.find(Course, {});
    await seedDemoEnrolment(tx, {
      companies: DEMO.companies,
      users: DEMO.users,
      courses: DEMO_COURSE_IDS,
      courseTerms: Object.fromEntries(courses.map((c) => [c.id, { creditCost: c.creditCost, validityYears: c.validityPeriod }])),
    });
  });
  return true;
}

export function demoSignInLines(appUrl: string): string[] {
  const s = DEMO.signIns;
  return [
    `Portal: ${appUrl}`,
    'Demo sign-ins:',
    `  admin     ${s.admin.email} / ${s.admin.password}`,
    `  manager   ${s.manager.email} / ${s.manager.password}   (Demo Construction Ltd)`,
    `  learner   ${s.learner.email} / ${s.learner.password}`,
    `  learner   login code ${s.codeLearner.loginCode}`,
    `  verify    ${appUrl}/verify?code=DEMO-CERT-0001`,
  ];
}
