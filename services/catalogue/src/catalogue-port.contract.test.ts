import { createTestPlatform, describeCataloguePortContract } from '@portal/service-kit/testing';
import { Course } from './modules/courses/course.entity';
import { CourseActivity } from './modules/activities/course-activity.entity';
import { BridgingActivity, CompanyCourse } from './modules/company-courses/company-course.entity';
import { catalogueService } from './service';

// Catalogue's real port on a fresh database holds the contract's rows (ids and all), so the tests
// that other services run on the kit's fake catalogue port can trust what it answers.
describeCataloguePortContract('real', async (seed, neighbours) => {
  const platform = await createTestPlatform({
    services: [catalogueService],
    ports: { identity: () => neighbours.identity, enrolment: () => neighbours.enrolment },
  });
  const em = platform.orm.em.fork();
  for (const course of seed.courses ?? []) {
    const pkg = course.package;
    em.create(Course, {
      id: course.id,
      name: course.name,
      description: course.description ?? '<p>A course.</p>',
      wpLink: course.wpLink ?? null,
      companyId: course.companyId ?? null,
      creditCost: course.creditCost ?? 1,
      validityPeriod: course.validityYears ?? 1,
      hasBridging: course.hasBridging ?? false,
      sku: course.sku ?? null,
      passMark: course.passMark ?? null,
      ...(pkg
        ? {
            packagePath: `courses/${course.id}/package`,
            scormVersion: pkg.version,
            launchPath: pkg.scos[0]?.href ?? 'index.html',
            manifest: {
              version: pkg.version,
              edition: null,
              identifier: 'contract',
              title: course.name,
              organization: 'org',
              scos: pkg.scos,
            },
          }
        : {}),
    });
  }
  for (const activity of seed.activities ?? [])
    em.create(CourseActivity, {
      id: activity.id,
      courseId: activity.courseId,
      name: activity.name,
      code: activity.code,
      description: activity.description,
      type: activity.type,
      filePath: activity.fileUrl ? decodeURIComponent(activity.fileUrl.replace(/^\/storage\//, '')) : null,
      position: activity.position ?? 0,
    });
  for (const bridging of seed.bridging ?? []) em.create(BridgingActivity, { description: '', enabled: true, ...bridging });
  for (const own of seed.companyValidities ?? [])
    em.create(CompanyCourse, { companyId: own.companyId, courseId: own.courseId, selected: false, validityPeriod: own.validityYears });
  await em.flush();
  return { port: platform.catalogue, close: () => platform.close() };
});
