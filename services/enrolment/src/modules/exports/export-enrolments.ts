import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { EXPORT_BULK_COLUMNS, EXPORT_LOGIN_CODE_COLUMNS, exportFileName, REPORTING_MESSAGES, REPORTING_STATUS_LABELS, type ReportingStatus } from '@portal/contracts';
import { logger, notFound, validationError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { actingScope, assertInScope } from '../enrolment-actions/acting-scope';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue'>;

/** Rows read, looked up and written per step: memory stays flat whatever the export's size. */
const CHUNK = 2000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ExportRow {
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
  if (typeof value === 'string') return /^\d+$/.test(value) ? new Date(Number(value)) : new Date(/[zZ]$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
  return null;
}

/**
 * The enrolments asked for, checked before a byte is written: each must exist and belong to the
 * acting company or one of its depots (403 otherwise: the ids of another company are refused).
 * Answers the ids in the order asked, without repeats.
 */
async function checkedIds(em: Em, deps: Deps, principal: Principal, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const scope = await actingScope(deps.identity, principal.companyId);
  const knex = em.getKnex();
  let found = 0;
  for (let i = 0; i < unique.length; i += CHUNK * 5) {
    const rows = (await knex('enrollments').select('company_id').count({ n: '*' }).whereIn('id', unique.slice(i, i + CHUNK * 5)).groupBy('company_id')) as { company_id: number; n: number | string }[];
    assertInScope(scope, rows.map((r) => Number(r.company_id)));
    found += rows.reduce((sum, r) => sum + Number(r.n), 0);
  }
  if (found !== unique.length) throw notFound('Some of these enrolments');
  return unique;
}

async function enrolmentRows(em: Em, ids: number[]): Promise<ExportRow[]> {
  const rows = (await em
    .getKnex()('enrollments')
    .select('id', 'user_id', 'company_id', 'course_id', 'status', 'score', 'created_at', 'updated_at', 'started_at', 'passed_at', 'expires_at')
    .whereIn('id', ids)) as ExportRow[];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Per enrolment: the first launch, the last save, and the SCORM session time summed over its SCOs. */
async function scormTimes(em: Em, ids: number[]) {
  const knex = em.getKnex();
  const [attempts, states] = await Promise.all([
    knex('scorm_attempts').select('enrollment_id').min({ first: 'started_at' }).max({ last: 'last_commit_at' }).whereIn('enrollment_id', ids).groupBy('enrollment_id') as Promise<{ enrollment_id: number; first: unknown; last: unknown }[]>,
    knex('scorm_sco_states').select('enrollment_id').sum({ seconds: 'total_seconds' }).whereIn('enrollment_id', ids).groupBy('enrollment_id') as Promise<{ enrollment_id: number; seconds: number | string | null }[]>,
  ]);
  const first = new Map(attempts.map((a) => [Number(a.enrollment_id), { first: dateOf(a.first), last: dateOf(a.last) }]));
  const seconds = new Map(states.map((s) => [Number(s.enrollment_id), Number(s.seconds ?? 0)]));
  return { first, seconds };
}

/** Seconds as h:mm:ss text. */
export function durationText(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A streamed .xlsx answer: the writer runs after the response has started, into `pass`. */
function xlsxResponse(fileName: string, write: (workbook: ExcelJS.stream.xlsx.WorkbookWriter, sent: (sheet: unknown) => Promise<void>) => Promise<void>): Response {
  const pass = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false });
  /** Resolves once what was written so far has left for the client: a slow reader holds the writer back instead of memory filling up. */
  const closed = once(pass, 'close').catch(() => undefined);
  const drained = async (stream: Writable | undefined) => {
    while (stream?.writableNeedDrain && !stream.destroyed && !pass.destroyed) await Promise.race([once(stream, 'drain'), closed]);
  };
  const sent = async (sheet: unknown) => {
    await new Promise((resolve) => setImmediate(resolve));
    // exceljs hands a sheet's XML to the zip without heeding backpressure: wait while the deflate
    // stream behind the sheet holds a backlog (it grows by 100 MB of XML when the CPU is scarce).
    await drained((sheet as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0]);
    await drained(pass);
  };
  write(workbook, sent)
    .then(() => workbook.commit())
    .catch((error: unknown) => {
      logger.error('export failed while streaming', { fileName, error: String(error) });
      pass.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return new Response(Readable.toWeb(pass) as ReadableStream, {
    headers: { 'Content-Type': XLSX, 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' },
  });
}

async function namesFor(deps: Deps, rows: ExportRow[], companies: Map<number, string>) {
  const userIds = [...new Set(rows.map((r) => Number(r.user_id)))];
  const courseIds = [...new Set(rows.map((r) => Number(r.course_id)))];
  const [users, codes, courses] = await Promise.all([deps.identity.usersByIds(userIds), deps.identity.loginCodes(userIds), deps.catalogue.coursesByIds(courseIds)]);
  return {
    users: new Map(users.map((u) => [u.id, u])),
    codes: new Map(codes.map((c) => [c.userId, c.loginCode])),
    courses: new Map(courses.map((c) => [c.id, c.name])),
    depot: (companyId: number) => companies.get(companyId) ?? '',
  };
}

/** Learners and courses looked up once per export: a learner is on several of the rows, a course on thousands. */
const NAME_CACHE_LIMIT = 200_000;

/**
 * The names of the export's rows, a chunk at a time: each chunk asks the identity and catalogue
 * ports only for the learners and courses not seen yet (one call per port and kind per chunk).
 */
function exportNames(deps: Deps) {
  const users = new Map<number, { name: string; email: string | null } | null>();
  const codes = new Map<number, string | null>();
  const courses = new Map<number, string | null>();
  return {
    async load(rows: ExportRow[]) {
      if (users.size > NAME_CACHE_LIMIT) {
        users.clear();
        codes.clear();
      }
      const newUsers = [...new Set(rows.map((r) => Number(r.user_id)))].filter((id) => !users.has(id));
      const newCourses = [...new Set(rows.map((r) => Number(r.course_id)))].filter((id) => !courses.has(id));
      const [found, foundCodes, foundCourses] = await Promise.all([
        newUsers.length ? deps.identity.usersByIds(newUsers) : [],
        newUsers.length ? deps.identity.loginCodes(newUsers) : [],
        newCourses.length ? deps.catalogue.coursesByIds(newCourses) : [],
      ]);
      for (const id of newUsers) users.set(id, null);
      for (const u of found) users.set(u.id, { name: u.name, email: u.email ?? null });
      for (const c of foundCodes) codes.set(c.userId, c.loginCode);
      for (const id of newCourses) courses.set(id, null);
      for (const c of foundCourses) courses.set(c.id, c.name);
    },
    user: (id: number) => users.get(id) ?? null,
    code: (id: number) => codes.get(id) ?? null,
    course: (id: number) => courses.get(id) ?? null,
  };
}

/** Rows of the bulk report read per step (and the next step read while this one is written). */
const EXPORT_CHUNK = 5000;

/** POST /api/enrollments/exportBulk: {dd-mm-yyyy}_report.xlsx of these enrolments. */
export async function exportBulk(em: Em, deps: Deps, principal: Principal, ids: number[], now: Date): Promise<Response> {
  const wanted = await checkedIds(em, deps, principal, ids);
  if (wanted.length === 0) throw validationError({ ids: [REPORTING_MESSAGES.noReport] }, REPORTING_MESSAGES.noReport);
  const scope = await actingScope(deps.identity, principal.companyId);
  const companies = new Map(scope.companies.map((c) => [c.id, c.name]));
  const names = exportNames(deps);
  /** One chunk's enrolments, with their learners, courses and SCORM times looked up. */
  const load = async (from: number) => {
    const rows = await enrolmentRows(em, wanted.slice(from, from + EXPORT_CHUNK));
    const [times] = await Promise.all([scormTimes(em, rows.map((r) => Number(r.id))), names.load(rows)]);
    return { rows, times };
  };
  return xlsxResponse(exportFileName('report', now), async (workbook, sent) => {
    const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
    const widths = [28, 32, 14, 22, 34, 13, 13, 16, 16, 13, 13, 8, 20, 24];
    sheet.columns = EXPORT_BULK_COLUMNS.map((header, i) => ({ header, width: widths[i] }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    const dateColumns = [7, 8, 9, 10, 11];
    for (const c of dateColumns) sheet.getColumn(c).numFmt = 'dd/mm/yyyy';
    // One style object per column, shared by its cells: exceljs remembers the style id of an object
    // it has seen (a WeakMap), where the copy it makes per cell is rendered to XML and looked up
    // again for each of the 1.4 million cells of a 100,000-row export (about 45% of its CPU).
    const columnStyles = EXPORT_BULK_COLUMNS.map((_, i) => (dateColumns.includes(i + 1) ? { numFmt: 'dd/mm/yyyy' } : {}));
    const shareStyle = (cell: ExcelJS.Cell, column: number) => {
      cell.style = columnStyles[column - 1]!;
    };
    let next: Promise<Awaited<ReturnType<typeof load>>> | null = load(0);
    for (let i = 0; next; i += EXPORT_CHUNK) {
      const { rows, times } = await next;
      // The chunk written so far leaves for the client before the next one is built (the read ahead may be done already).
      await sent(sheet);
      // The database reads the next chunk while this one is turned into XML.
      next = i + EXPORT_CHUNK < wanted.length ? load(i + EXPORT_CHUNK) : null;
      // A failure of the read ahead surfaces when it is awaited, not as an unhandled rejection meanwhile.
      next?.catch(() => undefined);
      for (const r of rows) {
        const id = Number(r.id);
        const user = names.user(Number(r.user_id));
        const launch = times.first.get(id);
        const firstLaunched = launch?.first ?? dateOf(r.started_at);
        const started = r.status !== 'not_started';
        const lastSave = launch?.last ?? null;
        const row = sheet.addRow([
          user?.name ?? 'Deleted learner',
          user?.email ?? '',
          names.code(Number(r.user_id)) ?? '',
          companies.get(Number(r.company_id)) ?? '',
          names.course(Number(r.course_id)) ?? 'Deleted course',
          REPORTING_STATUS_LABELS[r.status as ReportingStatus] ?? r.status,
          dateOf(r.created_at),
          firstLaunched,
          started ? dateOf(r.updated_at) : null,
          dateOf(r.passed_at),
          dateOf(r.expires_at),
          r.score === null ? null : Number(r.score),
          durationText(times.seconds.get(id) ?? null),
          durationText(firstLaunched && lastSave ? (lastSave.getTime() - firstLaunched.getTime()) / 1000 : null),
        ]);
        row.eachCell({ includeEmpty: true }, shareStyle);
        row.commit();
      }
    }
    sheet.commit();
  });
}

/** POST /api/enrollments/exportLoginCodes: {dd-mm-yyyy}_login_codes.xlsx, one learner a row, laid out to print. */
export async function exportLoginCodes(em: Em, deps: Deps, principal: Principal, ids: number[], now: Date): Promise<Response> {
  const wanted = await checkedIds(em, deps, principal, ids);
  const scope = await actingScope(deps.identity, principal.companyId);
  const companies = new Map(scope.companies.map((c) => [c.id, c.name]));
  // Read before streaming: whether any learner has a code decides between the file and the 422.
  const lines: [string, string, string, string][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await enrolmentRows(em, wanted.slice(i, i + CHUNK));
    const names = await namesFor(deps, rows, companies);
    for (const r of rows) {
      const code = names.codes.get(Number(r.user_id));
      const key = `${r.user_id}:${r.course_id}`;
      if (!code || seen.has(key)) continue;
      seen.add(key);
      lines.push([names.users.get(Number(r.user_id))?.name ?? 'Deleted learner', code, names.courses.get(Number(r.course_id)) ?? 'Deleted course', names.depot(Number(r.company_id))]);
    }
  }
  if (lines.length === 0) throw validationError({ ids: [REPORTING_MESSAGES.noLoginCodes] }, REPORTING_MESSAGES.noLoginCodes);
  lines.sort((a, b) => a[0].localeCompare(b[0]));
  return xlsxResponse(exportFileName('login_codes', now), async (workbook) => {
    const sheet = workbook.addWorksheet('Login codes', {
      views: [{ state: 'frozen', ySplit: 1 }],
      pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    });
    sheet.columns = EXPORT_LOGIN_CODE_COLUMNS.map((header, i) => ({ header, width: [32, 16, 36, 24][i] }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const line of lines) {
      const row = sheet.addRow(line);
      row.height = 24;
      row.getCell(2).font = { name: 'Courier New', size: 14, bold: true };
      row.commit();
    }
    sheet.commit();
  });
}
