import { randomBytes } from 'node:crypto';
import type { CataloguePort, CourseActivityInfo, CourseSco, CourseSummary } from '../ports/catalogue.port';
import type { IdentityPort } from '../ports/identity.port';
import type { EnrolmentPort } from '../ports/enrolment.port';

/** A course as a test seeds it: shared, 1 credit, valid a year, no package unless told. */
export interface FakeCourse {
  id: number;
  name: string;
  description?: string;
  wpLink?: string | null;
  companyId?: number | null;
  creditCost?: number;
  validityYears?: number;
  hasBridging?: boolean;
  sku?: string | null;
  passMark?: number | null;
  /** Its SCORM package: the version and the launchable items in order. */
  package?: { version: '1.2' | '2004'; scos: CourseSco[] } | null;
}

/** An activity template of a course; `position` orders them. */
export interface FakeCourseActivity extends CourseActivityInfo {
  courseId: number;
  position?: number;
}

/** A company's own setting of a course activity (bridging): its text description, or switched off. */
export interface FakeBridging {
  companyId: number;
  courseId: number;
  courseActivityId: number;
  description?: string;
  enabled?: boolean;
}

export interface FakeCatalogueSeed {
  courses?: FakeCourse[];
  activities?: FakeCourseActivity[];
  bridging?: FakeBridging[];
  /** A company's own certificate validity (years) for a course. */
  companyValidities?: { companyId: number; courseId: number; validityYears: number }[];
  certificateBackground?: { base64: string; contentType: 'image/png' | 'image/jpeg' } | null;
}

/** One SCO of a test package: `<identifier>/index.html`, no mastery score, unless told. */
export const makeSco = (identifier: string, extra: Partial<CourseSco> = {}): CourseSco => ({
  identifier,
  title: `SCO ${identifier}`,
  href: `${identifier}/index.html`,
  masteryScore: null,
  dataFromLms: null,
  scaledPassingScore: null,
  objectiveIds: [],
  ...extra,
});

/** The company's bridging text as HTML, the way catalogue shows it (paragraphs and line breaks, escaped). */
const textToHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .split(/\n{2,}/)
    .map((para) => `<p>${para.replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * Catalogue's port in memory, for the tests of services that depend on catalogue and run without
 * it. Seeded from plain objects; `course`, `activity` and `bridge` add more as a test goes. Keeps
 * what catalogue's real port promises (the shared contract, `describeCataloguePortContract`).
 * `canReadCourseFiles` asks the identity and enrolment ports it is given, as the real one does.
 */
export function createFakeCataloguePort(seed: FakeCatalogueSeed = {}, ports?: () => { identity: IdentityPort; enrolment: EnrolmentPort }) {
  const courses = new Map<number, Required<FakeCourse>>();
  const activities = new Map<number, Required<FakeCourseActivity>>();
  const bridging: Required<FakeBridging>[] = [];
  const validities = new Map<string, number>();
  let background = seed.certificateBackground ?? null;
  const nextId = (map: Map<number, unknown>) => Math.max(0, ...map.keys()) + 1;

  function course(input: Partial<FakeCourse> = {}): Required<FakeCourse> {
    const row: Required<FakeCourse> = {
      id: input.id ?? nextId(courses),
      name: input.name ?? `Course ${randomBytes(4).toString('hex')}`,
      description: input.description ?? '<p>A course.</p>',
      wpLink: input.wpLink ?? null,
      companyId: input.companyId ?? null,
      creditCost: input.creditCost ?? 1,
      validityYears: input.validityYears ?? 1,
      hasBridging: input.hasBridging ?? false,
      sku: input.sku ?? null,
      passMark: input.passMark ?? null,
      package: input.package ?? null,
    };
    courses.set(row.id, row);
    return row;
  }
  function activity(input: Partial<FakeCourseActivity> & { courseId: number }): Required<FakeCourseActivity> {
    const name = input.name ?? `Activity ${randomBytes(4).toString('hex')}`;
    const row: Required<FakeCourseActivity> = {
      id: input.id ?? nextId(activities),
      courseId: input.courseId,
      name,
      code: input.code ?? 123456,
      description: input.description ?? `<p>${name}.</p>`,
      type: input.type ?? 'file',
      fileUrl: input.fileUrl ?? null,
      position: input.position ?? 0,
    };
    activities.set(row.id, row);
    return row;
  }
  function bridge(input: FakeBridging): Required<FakeBridging> {
    const row = { description: '', enabled: true, ...input };
    bridging.push(row);
    return row;
  }
  const setValidity = (companyId: number, courseId: number, years: number) => validities.set(`${companyId}:${courseId}`, years);
  seed.courses?.forEach((c) => course(c));
  seed.activities?.forEach((a) => activity(a));
  seed.bridging?.forEach((b) => bridge(b));
  seed.companyValidities?.forEach((v) => setValidity(v.companyId, v.courseId, v.validityYears));

  const summary = (c: Required<FakeCourse>, companyId?: number): CourseSummary => ({
    id: c.id,
    name: c.name,
    description: c.description,
    wpLink: c.wpLink,
    companyId: c.companyId,
    creditCost: c.creditCost,
    validityYears: (companyId !== undefined ? validities.get(`${companyId}:${c.id}`) : undefined) ?? c.validityYears,
    hasBridging: c.hasBridging,
  });

  const port: CataloguePort = {
    async coursesByIds(ids, options = {}) {
      return [...new Set(ids)].flatMap((id) => {
        const found = courses.get(id);
        return found ? [summary(found, options.companyId)] : [];
      });
    },
    async coursePackage(courseId) {
      const found = courses.get(courseId);
      if (!found?.package) return null;
      return { courseId, version: found.package.version, scos: found.package.scos, passMark: found.passMark };
    },
    async companyCourseActivities(companyId, courseId) {
      const own = new Map(bridging.filter((b) => b.companyId === companyId && b.courseId === courseId).map((b) => [b.courseActivityId, b]));
      return [...activities.values()]
        .filter((a) => a.courseId === courseId && (own.get(a.id)?.enabled ?? true))
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map(({ id, name, code, description, type, fileUrl }) => {
          const text = own.get(id)?.description ?? '';
          return { id, name, code, description: text.trim() ? textToHtml(text) : description, type, fileUrl };
        });
    },
    async certificateBackground() {
      return background;
    },
    async courseBySku(sku) {
      const found = [...courses.values()].find((c) => c.sku === sku);
      return found ? summary(found) : null;
    },
    async canReadCourseFiles(principal, courseId) {
      const found = courses.get(courseId);
      if (!found) return false;
      if (principal.role === 'admin') return true;
      if (!ports) throw new Error('canReadCourseFiles needs the identity and enrolment ports (the fake was given none)');
      if (principal.role === 'manager') {
        if (found.companyId == null || found.companyId === principal.companyId) return true;
        return (await ports().identity.companyParentId(principal.companyId)) === found.companyId;
      }
      const [open] = await ports().enrolment.enrolledCourseIds([principal.userId], [courseId]);
      return open?.courseIds.includes(courseId) ?? false;
    },
  };
  return {
    port,
    courses,
    activities,
    course,
    activity,
    bridge,
    setValidity,
    setCertificateBackground: (value: typeof background) => void (background = value),
  };
}

export type FakeCatalogue = ReturnType<typeof createFakeCataloguePort>;
