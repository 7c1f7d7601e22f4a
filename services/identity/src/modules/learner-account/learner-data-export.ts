import ExcelJS from 'exceljs';
import type { CataloguePort, EnrolmentPort, Em, LearnerRecords, Principal } from '@portal/service-kit';
import { findCompany } from '../../data/company.repository';
import { ownUser } from './learner-account';
import { signInsOf } from '../../data/sign-in-record.repository';

/** Everything the portal holds about one learner, as plain data (the JSON file is exactly this). */
export interface LearnerData {
  exported_at: string;
  profile: {
    id: number;
    name: string;
    email: string | null;
    login_code: string | null;
    /** Only whether there is one: the password itself is never stored, its hash never leaves. */
    has_password: boolean;
    role: string;
    company: string;
    purchased_account: boolean;
    created_at: string;
    updated_at: string;
  };
  enrolments: (LearnerRecords['enrollments'][number] & { courseName: string })[];
  results: LearnerRecords['results'];
  scormLog: LearnerRecords['scormLog'];
  activities: LearnerRecords['activities'];
  certificates: (LearnerRecords['certificates'][number] & { courseName: string })[];
  signIns: { at: string; method: string }[];
}

/**
 * Collects the learner's data: identity's own rows, then enrolment's records and the course names
 * through their ports (plain data, no transaction open while asking).
 */
export async function collectLearnerData(
  ports: { enrolment: Pick<EnrolmentPort, 'learnerRecords'>; catalogue: Pick<CataloguePort, 'coursesByIds'> },
  em: Em,
  principal: Principal,
  now: Date,
): Promise<LearnerData> {
  const user = await ownUser(em, principal);
  const [company, signIns, records] = await Promise.all([
    findCompany(em, user.companyId),
    signInsOf(em, user.id),
    ports.enrolment.learnerRecords(user.id),
  ]);
  const courseIds = [...new Set([...records.enrollments.map((e) => e.courseId), ...records.certificates.map((c) => c.courseId)])];
  const courses = new Map((courseIds.length ? await ports.catalogue.coursesByIds(courseIds) : []).map((c) => [c.id, c.name]));
  const courseName = (id: number) => courses.get(id) ?? 'Course no longer available';
  return {
    exported_at: now.toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email ?? null,
      login_code: user.loginCode ?? null,
      has_password: !!user.passwordHash,
      role: user.role,
      company: company?.name ?? '',
      purchased_account: user.wpUser,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    },
    enrolments: records.enrollments.map((e) => ({ ...e, courseName: courseName(e.courseId) })),
    results: records.results,
    scormLog: records.scormLog,
    activities: records.activities,
    certificates: records.certificates.map((c) => ({ ...c, courseName: courseName(c.courseId) })),
    signIns: signIns.map((s) => ({ at: s.createdAt.toISOString(), method: s.method })),
  };
}

type Row = Record<string, string | number | boolean | null>;

/** One sheet per part; the header row is the field names, as in the JSON file. */
function addSheet(workbook: ExcelJS.Workbook, title: string, rows: Row[], columns: string[]) {
  const sheet = workbook.addWorksheet(title);
  sheet.columns = columns.map((key) => ({ header: key, key, width: Math.max(12, key.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
}

const keysOf = <T extends object>(rows: T[], fallback: string[]) => (rows[0] ? Object.keys(rows[0]) : fallback);

/** The same data as an .xlsx workbook. */
export async function learnerDataWorkbook(data: LearnerData): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(data.exported_at);
  addSheet(
    workbook,
    'Profile',
    Object.entries({ ...data.profile, exported_at: data.exported_at }).map(([field, value]) => ({ field, value })),
    ['field', 'value'],
  );
  addSheet(
    workbook,
    'Enrolments',
    data.enrolments,
    keysOf(data.enrolments, ['id', 'courseId', 'courseName', 'status', 'score', 'enrolledAt', 'startedAt', 'passedAt', 'expiresAt']),
  );
  addSheet(
    workbook,
    'Results',
    data.results,
    keysOf(data.results, ['enrollmentId', 'sco', 'progress', 'lessonStatus', 'scoreRaw', 'totalTime', 'updatedAt']),
  );
  addSheet(
    workbook,
    'SCORM log',
    data.scormLog,
    keysOf(data.scormLog, ['enrollmentId', 'sco', 'slideLocation', 'lessonStatus', 'sessionTime', 'at']),
  );
  addSheet(workbook, 'Activities', data.activities, keysOf(data.activities, ['enrollmentId', 'activityId', 'completedAt']));
  addSheet(
    workbook,
    'Certificates',
    data.certificates,
    keysOf(data.certificates, ['enrollmentId', 'courseName', 'code', 'passedAt', 'expiresAt', 'state', 'verifyPath']),
  );
  addSheet(workbook, 'Sign-ins', data.signIns, ['at', 'method']);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** `my-data-2026-06-15.json` */
export function exportFileName(now: Date, format: 'json' | 'xlsx'): string {
  return `my-data-${now.toISOString().slice(0, 10)}.${format}`;
}
