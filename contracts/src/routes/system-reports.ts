import { z } from 'zod';
import { defineRoute, idParam } from '../route';
import { ROLES } from '../roles';
import { REPORT_MESSAGES } from '../texts';

export { REPORT_MESSAGES, reportFallbackFileName } from '../texts';

/** System Reports (the admin Reports tab, spec §2 and §7 "Reports"; columns in docs/reports.md). */

export const REPORT_TYPES = [
  'total-certificates',
  'total-enrollments',
  'total-enrollments-by-company',
  'total-enrollments-by-course',
  'credit-usage',
  'course-usage',
  'company-analytics',
  'user-activity',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TITLES: Record<ReportType, string> = {
  'total-certificates': 'Total Certificates Issued',
  'total-enrollments': 'Total Enrollments',
  'total-enrollments-by-company': 'Enrollments by Company',
  'total-enrollments-by-course': 'Enrollments by Course',
  'credit-usage': 'Credit Usage',
  'course-usage': 'Course Usage',
  'company-analytics': 'Company Analytics',
  'user-activity': 'User Activity',
};

/** The user-activity role filter as the page labels it (spec §2). */
export const REPORT_ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  learner: 'Learners',
  manager: 'Managers',
  admin: 'Administrators',
};

const reportDate = z
  .string({ error: 'Enter the date as YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Enter a real date.');
const reportRole = z.enum(ROLES, { error: 'Choose learners, managers or administrators.' });
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idParam.optional());

function datesInOrder<T extends Record<string, unknown>>(startKey: keyof T & string, endKey: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const start = value[startKey];
    const end = value[endKey];
    if (typeof start === 'string' && typeof end === 'string' && start > end)
      ctx.addIssue({ code: 'custom', path: [startKey], message: REPORT_MESSAGES.datesOutOfOrder });
  };
}

/** The page's JSON body; missing dates mean the last REPORT_DEFAULT_DAYS days up to today. */
export const reportBodySchema = z
  .strictObject({
    start_date: reportDate.optional(),
    end_date: reportDate.optional(),
    company_id: optionalId,
    course_id: optionalId,
    role: reportRole.optional(),
  })
  .superRefine(datesInOrder('start_date', 'end_date'));
export type ReportBody = z.output<typeof reportBodySchema>;

/** The older screen's address (spec §7): startDate, endDate, companyId, courseId, role. */
export const reportQuerySchema = z
  .strictObject({
    startDate: reportDate.optional(),
    endDate: reportDate.optional(),
    companyId: optionalId,
    courseId: optionalId,
    role: reportRole.optional(),
  })
  .superRefine(datesInOrder('startDate', 'endDate'));

const cell = z.union([z.string(), z.number(), z.null()]);
export const reportSchema = z.object({
  type: z.enum(REPORT_TYPES),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** `kind: 'date'`: the column's cells are days (YYYY-MM-DD), shown dd/mm/yyyy and written as date cells. */
  columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(['date']).optional() })),
  rows: z.array(z.record(z.string(), cell)),
  /** What the page draws: one bar per label. */
  chart: z.array(z.object({ label: z.string(), value: z.number() })),
});
export type Report = z.infer<typeof reportSchema>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One route per report and call: every path parameter of the table is an id (the hostile-input
 * tests hold that), so the report type is part of the path, not a parameter. An unknown type is a 404.
 */
function generateRoute<T extends ReportType>(type: T) {
  return defineRoute({
    name: `reports.generate.${type}`,
    method: 'POST',
    path: `/api/reports/${type}`,
    service: 'reporting',
    access: ['admin'],
    summary: `${REPORT_TITLES[type]}: .xlsx (name in Content-Disposition) unless Accept asks for application/json, then the report as JSON.`,
    body: reportBodySchema,
    response: reportSchema,
    responseType: 'file',
  });
}

function downloadRoute<T extends ReportType>(type: T) {
  return defineRoute({
    name: `reports.download.${type}`,
    method: 'GET',
    path: `/api/reports/${type}`,
    service: 'reporting',
    access: ['admin'],
    summary: `${REPORT_TITLES[type]} for the older screen (startDate, endDate, companyId, courseId, role); JSON when Accept asks for it.`,
    query: reportQuerySchema,
    response: reportSchema,
    responseType: 'file',
  });
}

export const reportGenerateRoutes = Object.fromEntries(REPORT_TYPES.map((type) => [type, generateRoute(type)])) as {
  [T in ReportType]: ReturnType<typeof generateRoute<T>>;
};
export const reportDownloadRoutes = Object.fromEntries(REPORT_TYPES.map((type) => [type, downloadRoute(type)])) as {
  [T in ReportType]: ReturnType<typeof downloadRoute<T>>;
};

export const systemReportRoutes = REPORT_TYPES.flatMap((type) => [reportGenerateRoutes[type], reportDownloadRoutes[type]]);
