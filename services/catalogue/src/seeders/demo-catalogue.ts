import { COMPANY_SPECIFIC_CATEGORY_NAME } from '@portal/contracts';
import type { Em, Storage } from '@portal/service-kit';
import { Category } from '../modules/categories/category.entity';
import { Course, CourseCategory } from '../modules/courses/course.entity';
import { buildDemoScormPackage, DEMO_COURSES } from '../demo';
import { installPackage, launchPathOf, packageFolder, unpackPackage } from '../modules/packages/course-package';
import { sanitiseDescription } from '../modules/courses/sanitise-html';

/** Ids match the spec's icon list (§9) and the company remote's categoryIconOf; 2 and 18 take the default icon. */
export const DEMO_CATEGORIES: { id: number; name: string }[] = [
  { id: 1, name: 'Fire Safety' },
  { id: 2, name: 'Health and Safety Essentials' },
  { id: 6, name: 'First Aid' },
  { id: 7, name: 'Working at Height' },
  { id: 8, name: 'Manual Handling' },
  { id: 9, name: 'Electrical Safety' },
  { id: 10, name: 'Hazardous Substances (COSHH)' },
  { id: 11, name: 'Food Hygiene' },
  { id: 12, name: 'Asbestos Awareness' },
  { id: 13, name: 'Noise and Vibration' },
  { id: 14, name: 'Personal Protective Equipment' },
  { id: 15, name: 'Driving and Transport' },
  { id: 16, name: 'Construction' },
  { id: 17, name: 'Mental Health and Wellbeing' },
  { id: 18, name: COMPANY_SPECIFIC_CATEGORY_NAME },
  { id: 19, name: 'Infection Control' },
];

const COURSE_DETAILS: Record<
  string,
  { id: number; categoryIds: number[]; creditCost: number; validity: number; duration: string; sku: string }
> = {
  'demo-manual-handling-12': { id: 1, categoryIds: [2, 8], creditCost: 1, validity: 3, duration: '20 minutes', sku: 'HS-MH-01' },
  'demo-fire-safety-2004': { id: 2, categoryIds: [1], creditCost: 2, validity: 1, duration: '25 minutes', sku: 'HS-FS-01' },
  'demo-working-at-height-12': { id: 3, categoryIds: [7, 16], creditCost: 2, validity: 3, duration: '20 minutes', sku: 'HS-WH-01' },
};

export const DEMO_COURSE_IDS = { manualHandling: 1, fireSafety: 2, workingAtHeight: 3 } as const;

/**
 * Categories, and courses whose SCORM packages are built from the project's own source. Returns
 * each course's credit cost and validity years, for the enrolment seed.
 */
export async function seedDemoCatalogue(em: Em, storage: Storage): Promise<Record<number, { creditCost: number; validityYears: number }>> {
  const terms: Record<number, { creditCost: number; validityYears: number }> = {};
  for (const category of DEMO_CATEGORIES) em.create(Category, category);
  for (const spec of DEMO_COURSES) {
    const details = COURSE_DETAILS[spec.identifier];
    if (!details) continue;
    // The same unpack, check and manifest parse as an admin upload.
    const unpacked = await unpackPackage(buildDemoScormPackage(spec));
    try {
      await installPackage(storage, details.id, unpacked);
    } finally {
      await unpacked.dispose();
    }
    em.create(Course, {
      id: details.id,
      name: spec.title,
      description: sanitiseDescription(
        `<p>${spec.pages[0]?.heading ?? spec.title}: a short online course with a quiz (pass mark ${spec.passingScorePercent}%).</p>`,
      ),
      companyId: null,
      duration: details.duration,
      validityPeriod: details.validity,
      sku: details.sku,
      wpLink: `https://shop.safetytraining.test/courses/${spec.identifier}`,
      creditCost: details.creditCost,
      hasBridging: false,
      certificatePath: null,
      packagePath: packageFolder(details.id),
      scormVersion: unpacked.manifest.version,
      launchPath: launchPathOf(unpacked.manifest),
      manifest: unpacked.manifest,
      packageFileName: `${spec.identifier}.zip`,
    });
    for (const categoryId of details.categoryIds) em.create(CourseCategory, { courseId: details.id, categoryId });
    terms[details.id] = { creditCost: details.creditCost, validityYears: details.validity };
  }
  await em.flush();
  return terms;
}
