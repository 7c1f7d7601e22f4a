import { preparedRead } from '@portal/service-kit';

// Catalogue's raw statements behind its port and queries.ts (the only file here that builds SQL:
// eslint.config.mjs). Plain rows of the columns they show.

export interface CourseSummaryRow {
  id: number;
  name: string;
  description: string;
  wp_link: string | null;
  company_id: number | null;
  credit_cost: number;
  validity_period: number;
  has_bridging: unknown;
}

// Built once per number of ids (kit preparedRead): the learner dashboard asks on every visit.
export const coursesWithIds = preparedRead<CourseSummaryRow, [ids: number[]]>((knex, ids) =>
  knex('courses')
    .select('id', 'name', 'description', 'wp_link', 'company_id', 'credit_cost', 'validity_period', 'has_bridging')
    .whereIn('id', ids),
);
export const companyValidities = preparedRead<
  { course_id: number; validity_period: number | null },
  [companyId: number, courseIds: number[]]
>((knex, companyId, courseIds) =>
  knex('company_courses').select('course_id', 'validity_period').where('company_id', companyId).whereIn('course_id', courseIds),
);

export interface CoursePackageRow {
  id: number;
  name: string;
  package_path: string | null;
  launch_path: string | null;
  scorm_version: string | null;
  pass_mark: number | null;
  manifest: unknown;
}

// Every SCORM commit asks (issue 26): a plain row, and the stored manifest parsed again only when its text changed.
export const coursePackageRow = preparedRead<CoursePackageRow, [courseId: number]>((knex, courseId) =>
  knex('courses').select('id', 'name', 'package_path', 'launch_path', 'scorm_version', 'pass_mark', 'manifest').where('id', courseId),
);
