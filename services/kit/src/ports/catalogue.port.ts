import type { Principal } from '../auth/principal';

/** A course as the other services need it. */
export interface CourseSummary {
  id: number;
  name: string;
  /** Sanitised HTML. */
  description: string;
  wpLink: string | null;
  /** Set for a company-specific course: only that company (and its depots) may use it. */
  companyId: number | null;
  creditCost: number;
  /**
   * Certificate validity in years: the course's own, or — when asked for a company — the
   * company's setting for the course where it has one.
   */
  validityYears: number;
  /** Bridging (location) activities follow the package. */
  hasBridging: boolean;
}

/** One launchable item of a course's SCORM package. */
export interface CourseSco {
  identifier: string;
  title: string;
  /** Resource href (with xml:base) plus the item's parameters, relative to the package root. */
  href: string;
  /** SCORM 1.2 adlcp:masteryscore (0–100). */
  masteryScore: number | null;
  /** adlcp:datafromlms (1.2) / adlcp:dataFromLMS (2004): the SCO's launch_data. */
  dataFromLms: string | null;
  /** SCORM 2004: the primary objective's minNormalizedMeasure when satisfiedByMeasure="true". */
  scaledPassingScore: number | null;
  /** SCORM 2004: every objective id of the item (primary first). */
  objectiveIds: string[];
}

/** What the player needs to launch a course's SCORM package. */
export interface CoursePackage {
  courseId: number;
  version: '1.2' | '2004';
  /** Launchable items of the default organisation in order; `href` is relative to the package's folder, parameters included (served by the content origin only). */
  scos: CourseSco[];
  /**
   * The course's pass mark (0–100), or null: when a SCO reports a score and no success and has no
   * passing score of its own, the score against this decides pass or fail.
   */
  passMark: number | null;
}

/** A course activity as a company shows it to its learners. */
export interface CourseActivityInfo {
  id: number;
  name: string;
  code: number;
  /** Sanitised HTML. */
  description: string;
  type: 'file' | 'video';
  /** Same-origin URL of the attachment (signed-in users only), or null. */
  fileUrl: string | null;
}

/** Catalogue's front door. Catalogue implements it (`createCataloguePort`). */
export interface CataloguePort {
  /**
   * The courses with these ids, in no particular order; unknown ids are left out. With a
   * companyId, validityYears is that company's setting for each course where it has one.
   */
  coursesByIds(ids: number[], options?: { companyId?: number }): Promise<CourseSummary[]>;
  /** The course's SCORM package, or null when the course or its package is missing. */
  coursePackage(courseId: number): Promise<CoursePackage | null>;
  /**
   * A company's view of a course's activities, in order: its own bridging description and switch
   * where it has set them (disabled ones are left out), the template's otherwise.
   */
  companyCourseActivities(companyId: number, courseId: number): Promise<CourseActivityInfo[]>;
  /** The admin's certificate background (PNG or JPEG, base64), or null when none is uploaded. */
  certificateBackground(): Promise<{ base64: string; contentType: 'image/png' | 'image/jpeg' } | null>;
  /** The course the shop sells under this SKU, or null. */
  courseBySku(sku: string): Promise<CourseSummary | null>;
  /**
   * Whether this caller may read the course's files (package, certificate image, attachments):
   * admins, managers of a company that can see the course, learners with an open enrolment on it.
   * Every server of course files asks this one question.
   */
  canReadCourseFiles(principal: Principal, courseId: number): Promise<boolean>;
}
