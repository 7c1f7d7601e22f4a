import { notFound, type Em, type Principal, type ServiceDeps, type UserLabel } from '@portal/service-kit';
import { actingScope, assertInScope } from '../enrolment-actions/acting-scope';
import { enrolmentCountsByCompany, exportRowsOf } from './exports.statements';

// The exports' reading side: which enrolments, their rows, their learners' and courses' labels, and their values as cells.

export type Deps = Pick<ServiceDeps, 'identity' | 'catalogue'>;

/** Rows read, looked up and written per step: memory stays flat whatever the export's size. */
export const CHUNK = 2000;
/** Rows of the bulk report read per step (and the next step read while this one is written). */
export const EXPORT_CHUNK = 5000;

export interface ExportRow {
  id: number;
  user_id: number;
  company_id: number;
  course_id: number;
  status: string;
  score: number | null;
  created_at: unknown;
  updated_at: unknown;
  started_at: unknown;
  passed_at: unknown;
  expires_at: unknown;
}

function dateOf(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string')
    return /^\d+$/.test(value) ? new Date(Number(value)) : new Date(/[zZ]$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
  return null;
}

/**
 * The enrolments asked for, checked before a byte is written: each must exist and belong to the
 * acting company or one of its depots (403 otherwise: the ids of another company are refused).
 * Answers the ids in the order asked, without repeats.
 */
export async function checkedIds(em: Em, deps: Deps, principal: Principal, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const scope = await actingScope(deps.identity, principal.companyId);
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += CHUNK * 5) chunks.push(unique.slice(i, i + CHUNK * 5));
  // Side by side on MariaDB's pool (one after another on SQLite's one connection).
  const counts = await Promise.all(chunks.map((chunk) => enrolmentCountsByCompany(em, chunk)));
  let found = 0;
  for (const rows of counts) {
    assertInScope(
      scope,
      rows.map((r) => Number(r.company_id)),
    );
    found += rows.reduce((sum, r) => sum + Number(r.n), 0);
  }
  if (found !== unique.length) throw notFound('Some of these enrolments');
  return unique;
}

export async function enrolmentRows(em: Em, ids: number[]): Promise<ExportRow[]> {
  const rows = await exportRowsOf<ExportRow>(em, ids);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Seconds as h:mm:ss text. */
export function durationText(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export async function namesFor(deps: Deps, rows: ExportRow[], companies: Map<number, string>) {
  const userIds = [...new Set(rows.map((r) => Number(r.user_id)))];
  const courseIds = [...new Set(rows.map((r) => Number(r.course_id)))];
  const [users, courses] = await Promise.all([deps.identity.userLabels(userIds), deps.catalogue.coursesByIds(courseIds)]);
  return {
    users: new Map(users.map((u) => [u.id, u])),
    codes: new Map(users.map((u) => [u.id, u.loginCode])),
    courses: new Map(courses.map((c) => [c.id, c.name])),
    depot: (companyId: number) => companies.get(companyId) ?? '',
  };
}

/** The number written by the two digits at `at`. */
function twoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}

/**
 * Epoch ms of a date column as the database answers it: a number (SQLite), digits, or MySQL's
 * 'YYYY-MM-DD HH:MM:SS[.fff]' in UTC, read by hand (100,000 rows × 5 dates: a regular expression
 * and a Date each per value were a tenth of the export's CPU).
 */
export function epochMs(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  const text = String(value);
  // Digits read in place: no substrings (and no closure here: tsx names each function made, a call per value).
  if (text.length >= 19 && text.charCodeAt(4) === 45 && text.charCodeAt(10) === 32) {
    const ms = text.length > 20 ? Math.round(Number(`0${text.slice(19)}`) * 1000) : 0;
    return (
      Date.UTC(
        twoDigits(text, 0) * 100 + twoDigits(text, 2),
        twoDigits(text, 5) - 1,
        twoDigits(text, 8),
        twoDigits(text, 11),
        twoDigits(text, 14),
        twoDigits(text, 17),
      ) + ms
    );
  }
  return dateOf(text)?.getTime() ?? null;
}

/**
 * A date cell's value: Excel's serial day number (days since 1899-12-30, UTC), which is what
 * exceljs writes for a Date (`dateToExcel`); with the column's date format it is a real date
 * cell, without a Date built per value. Undefined (no cell) for no date.
 */
export function excelDate(ms: number | null): number | undefined {
  return ms === null ? undefined : 25569 + ms / 86_400_000;
}

/**
 * Learners looked up once per export (a learner is on several of the rows), courses likewise (one
 * on thousands). Kept for the whole export: at most EXPORT_MAX_IDS (200,000) learners, and steps
 * read ahead use them while an earlier step is being encoded.
 */
export function exportLabels(deps: Deps) {
  const users = new Map<number, UserLabel | null>();
  const courses = new Map<number, string | null>();
  return {
    async load(rows: { user_id: number; course_id: number }[]) {
      const newUsers = [...new Set(rows.map((r) => Number(r.user_id)))].filter((id) => !users.has(id));
      const newCourses = [...new Set(rows.map((r) => Number(r.course_id)))].filter((id) => !courses.has(id));
      const [found, foundCourses] = await Promise.all([
        newUsers.length ? deps.identity.userLabels(newUsers) : [],
        newCourses.length ? deps.catalogue.coursesByIds(newCourses) : [],
      ]);
      for (const id of newUsers) users.set(id, null);
      for (const u of found) users.set(u.id, u);
      for (const id of newCourses) courses.set(id, null);
      for (const c of foundCourses) courses.set(c.id, c.name);
    },
    user: (id: number) => users.get(id) ?? null,
    course: (id: number) => courses.get(id) ?? null,
  };
}

export type ExportLabels = ReturnType<typeof exportLabels>;
