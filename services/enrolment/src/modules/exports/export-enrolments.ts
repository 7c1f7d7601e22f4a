import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { EXPORT_ANSWERS_COLUMNS, EXPORT_BULK_COLUMNS, EXPORT_LOGIN_CODE_COLUMNS, exportFileName, readableResponse, REPORTING_MESSAGES, REPORTING_STATUS_LABELS, resultLabel, type ReportingStatus } from '@portal/contracts';
import { logger, notFound, parseScormDuration, parseScormTimestamp, readRows, validationError, type Em, type Principal, type ServiceDeps, type UserLabel } from '@portal/service-kit';
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
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += CHUNK * 5) chunks.push(unique.slice(i, i + CHUNK * 5));
  // Side by side on MariaDB's pool (one after another on SQLite's one connection).
  const counts = await Promise.all(
    chunks.map((chunk) => readRows<{ company_id: number; n: number | string }>(em, knex('enrollments').select('company_id').count({ n: '*' }).whereIn('id', chunk).groupBy('company_id'))),
  );
  let found = 0;
  for (const rows of counts) {
    assertInScope(scope, rows.map((r) => Number(r.company_id)));
    found += rows.reduce((sum, r) => sum + Number(r.n), 0);
  }
  if (found !== unique.length) throw notFound('Some of these enrolments');
  return unique;
}

async function enrolmentRows(em: Em, ids: number[]): Promise<ExportRow[]> {
  const rows = await readRows<ExportRow>(
    em,
    em.getKnex()('enrollments').select('id', 'user_id', 'company_id', 'course_id', 'status', 'score', 'created_at', 'updated_at', 'started_at', 'passed_at', 'expires_at').whereIn('id', ids),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
  // The stream in front of exceljs's deflate is readable-stream 2's: no writableNeedDrain, its state's needDrain.
  const drained = async (stream: (Writable & { _writableState?: { needDrain?: boolean } }) | undefined) => {
    while ((stream?.writableNeedDrain ?? stream?._writableState?.needDrain) && !stream?.destroyed && !pass.destroyed) await Promise.race([once(stream!, 'drain'), closed]);
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
  const [users, courses] = await Promise.all([deps.identity.userLabels(userIds), deps.catalogue.coursesByIds(courseIds)]);
  return {
    users: new Map(users.map((u) => [u.id, u])),
    codes: new Map(users.map((u) => [u.id, u.loginCode])),
    courses: new Map(courses.map((c) => [c.id, c.name])),
    depot: (companyId: number) => companies.get(companyId) ?? '',
  };
}

/** Rows of the bulk report read per step (and the next step read while this one is written). */
const EXPORT_CHUNK = 5000;
const BULK_WIDTHS = [28, 32, 14, 22, 34, 13, 13, 16, 16, 13, 13, 8, 20, 24];
/** Enrolled, first launched, last activity, passed, expiry (1-based, exceljs's numbering). */
const BULK_DATE_COLUMNS = [7, 8, 9, 10, 11];
/** Learner, email, login code, depot, course, status; the five dates and the score; the two times. */
const BULK_KINDS: ColumnKind[] = ['text', 'text', 'text', 'text', 'text', 'text', 'number', 'number', 'number', 'number', 'number', 'number', 'text', 'text'];
const WORKER_URL = new URL('./xlsx-sheet-writer.worker.mjs', import.meta.url);

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
    return Date.UTC(twoDigits(text, 0) * 100 + twoDigits(text, 2), twoDigits(text, 5) - 1, twoDigits(text, 8), twoDigits(text, 11), twoDigits(text, 14), twoDigits(text, 17)) + ms;
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

interface BulkRow extends ExportRow {
  first_launch: unknown;
  last_save: unknown;
  scorm_seconds: number | string | null;
}

/**
 * One step of the bulk report in one statement, in the order asked: the enrolments with their first
 * launch, last save and SCORM session time summed over their SCOs (three subqueries on the
 * attempts' and SCO states' enrollment_id indexes), so the ids go to the database once a step.
 */
async function bulkRows(em: Em, ids: number[]): Promise<BulkRow[]> {
  const knex = em.getKnex();
  const rows = await readRows<BulkRow>(
    em,
    knex('enrollments as e')
      .select('e.id', 'e.user_id', 'e.company_id', 'e.course_id', 'e.status', 'e.score', 'e.created_at', 'e.updated_at', 'e.started_at', 'e.passed_at', 'e.expires_at')
      .select({
        first_launch: knex('scorm_attempts as a').min('a.started_at').whereRaw('?? = ??', ['a.enrollment_id', 'e.id']),
        last_save: knex('scorm_attempts as a').max('a.last_commit_at').whereRaw('?? = ??', ['a.enrollment_id', 'e.id']),
        scorm_seconds: knex('scorm_sco_states as s').sum('s.total_seconds').whereRaw('?? = ??', ['s.enrollment_id', 'e.id']),
      })
      .whereIn('e.id', ids),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Learners looked up once per export (a learner is on several of the rows), courses likewise (one
 * on thousands). Kept for the whole export: at most EXPORT_MAX_IDS (200,000) learners, and steps
 * read ahead use them while an earlier step is being encoded.
 */
function exportLabels(deps: Deps) {
  const users = new Map<number, UserLabel | null>();
  const courses = new Map<number, string | null>();
  return {
    async load(rows: { user_id: number; course_id: number }[]) {
      const newUsers = [...new Set(rows.map((r) => Number(r.user_id)))].filter((id) => !users.has(id));
      const newCourses = [...new Set(rows.map((r) => Number(r.course_id)))].filter((id) => !courses.has(id));
      const [found, foundCourses] = await Promise.all([newUsers.length ? deps.identity.userLabels(newUsers) : [], newCourses.length ? deps.catalogue.coursesByIds(newCourses) : []]);
      for (const id of newUsers) users.set(id, null);
      for (const u of found) users.set(u.id, u);
      for (const id of newCourses) courses.set(id, null);
      for (const c of foundCourses) courses.set(c.id, c.name);
    },
    user: (id: number) => users.get(id) ?? null,
    course: (id: number) => courses.get(id) ?? null,
  };
}

/** A column of the writer thread's rows: text, or a number (a date as Excel's serial day). */
type ColumnKind = 'text' | 'number';

/** Texts numbered once per export: past this many the table starts again (memory stays bounded). */
const TEXT_TABLE_LIMIT = 100_000;

/**
 * Rows for the writer thread, encoded so the message is two transferred buffers and the texts it
 * has not seen yet: each text is a number into a table both threads keep (a learner's name, a
 * course, a depot or a status is sent once, not once a row), each number a double, -1 / NaN for no
 * cell. Structured cloning 70,000 values a step, and the strings and heap numbers it makes on the
 * writer's side, were a tenth of the writer thread's time.
 */
class RowEncoder {
  private readonly table = new Map<string, number>();
  private texts: Int32Array = new Int32Array(0);
  private numbers: Float64Array = new Float64Array(0);
  private newTexts: string[] = [];
  private reset = false;
  private rows = 0;
  private t = 0;
  private n = 0;
  private readonly textColumns: number;
  private readonly numberColumns: number;

  /** `sheet`: which of the workbook's sheets the rows are for (an index into startSheetWriter's `sheets`). */
  constructor(
    kinds: ColumnKind[],
    private readonly sheet = 0,
  ) {
    this.textColumns = kinds.filter((k) => k === 'text').length;
    this.numberColumns = kinds.length - this.textColumns;
  }

  /** A new batch of this many rows: then per row, per column in order, `text` or `number`. */
  start(rows: number) {
    if (this.table.size > TEXT_TABLE_LIMIT) {
      this.table.clear();
      this.reset = true;
    }
    this.rows = rows;
    this.texts = new Int32Array(rows * this.textColumns);
    this.numbers = new Float64Array(rows * this.numberColumns);
    this.newTexts = [];
    this.t = 0;
    this.n = 0;
  }

  text(value: string | null | undefined) {
    if (!value) {
      this.texts[this.t++] = -1;
      return;
    }
    let code = this.table.get(value);
    if (code === undefined) {
      code = this.table.size;
      this.table.set(value, code);
      this.newTexts.push(value);
    }
    this.texts[this.t++] = code;
  }

  number(value: number | null | undefined) {
    this.numbers[this.n++] = value ?? Number.NaN;
  }

  /** The batch as a message and its buffers to transfer. */
  finish() {
    const message = { sheet: this.sheet, rows: this.rows, texts: this.texts, numbers: this.numbers, newTexts: this.newTexts, reset: this.reset };
    this.reset = false;
    return { message, transfer: [this.texts.buffer, this.numbers.buffer] as ArrayBuffer[] };
  }
}

/** The writer thread, watched from its start: a failure before the response is built is kept for it. */
interface SheetWriter {
  worker: Worker;
  failure: Error | null;
  onFailure: (error: Error) => void;
}

interface SheetSpec {
  sheetName: string;
  columns: { header: string; width: number | undefined; kind: ColumnKind | undefined }[];
  dateColumns: number[];
  /** The date columns' number format; dd/mm/yyyy unless said. */
  dateFormat?: string;
}

function startSheetWriter(workerData: { sheets: SheetSpec[] }): SheetWriter {
  const worker = new Worker(WORKER_URL, {
    // Plain JavaScript: without the parent's flags (tsx's loader) it starts in a third of the time.
    execArgv: [],
    // A small young generation: fewer pages touched (peak RSS 130 → 100 MB for 100,000 rows) for the same CPU.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
    workerData,
  });
  const writer: SheetWriter = {
    worker,
    failure: null,
    onFailure: (error) => {
      writer.failure ??= error;
    },
  };
  // Listened to at once: a worker's 'error' without a listener would end the process.
  worker.on('error', (error) => writer.onFailure(error instanceof Error ? error : new Error(String(error))));
  worker.on('exit', (code) => writer.onFailure(new Error(`the export's worker stopped (exit code ${code})`)));
  return writer;
}

/**
 * A streamed .xlsx answer whose workbook is written on a worker thread (xlsx-sheet-writer.worker.mjs):
 * `produce` hands it batches of rows (a `RowEncoder`'s) through `send`, which resolves once the
 * worker has written the previous batch and the client has taken what was written: one batch is in
 * the worker while the next is read, and a slow reader holds both back.
 */
function workerXlsxResponse(
  writer: SheetWriter,
  fileName: string,
  produce: (send: (batch: ReturnType<RowEncoder['finish']>) => Promise<void>) => Promise<void>,
): Response {
  const { worker } = writer;
  const pass = new PassThrough();
  let failed: Error | null = null;
  let finished = false;
  /** The worker's cue that the batch sent last is written (resolved at first: nothing is in it). */
  let written: { promise: Promise<void>; resolve: () => void } = { promise: Promise.resolve(), resolve: () => undefined };
  const fail = (error: unknown) => {
    if (finished) return;
    finished = true;
    failed = error instanceof Error ? error : new Error(String(error));
    logger.error('export failed while streaming', { fileName, error: String(error) });
    written.resolve();
    void worker.terminate();
    pass.destroy(failed);
  };
  worker.on('message', (message: Uint8Array | { written?: true; done?: true; error?: string }) => {
    if (message instanceof Uint8Array) {
      pass.write(message);
    } else if (message.written) {
      written.resolve();
    } else if (message.done) {
      finished = true;
      pass.end();
      void worker.terminate();
    } else if (message.error) {
      fail(new Error(message.error));
    }
  });
  // Its stopping after the file is done (terminate) is no failure: fail ignores it then.
  writer.onFailure = fail;
  if (writer.failure) fail(writer.failure);
  // The client went away: stop reading and writing.
  pass.on('close', () => {
    if (finished) return;
    finished = true;
    written.resolve();
    void worker.terminate();
  });
  const closed = once(pass, 'close').catch(() => undefined);
  const send = async (batch: ReturnType<RowEncoder['finish']>) => {
    await written.promise;
    while (pass.writableNeedDrain && !pass.destroyed) await Promise.race([once(pass, 'drain'), closed]);
    if (finished || pass.destroyed) throw failed ?? new Error('the client went away');
    let resolve = () => undefined as void;
    written = { promise: new Promise<void>((r) => (resolve = r)), resolve: () => resolve() };
    worker.postMessage(batch.message, batch.transfer);
  };
  produce(send)
    .then(async () => {
      await written.promise;
      if (!finished) worker.postMessage({ end: true });
    })
    .catch(fail);
  return new Response(Readable.toWeb(pass) as ReadableStream, {
    headers: { 'Content-Type': XLSX, 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' },
  });
}

/** POST /api/enrollments/exportBulk: {dd-mm-yyyy}_report.xlsx of these enrolments. */
export async function exportBulk(em: Em, deps: Deps, principal: Principal, ids: number[], now: Date): Promise<Response> {
  // Started first: the worker loads exceljs while the ids are checked.
  const writer = startSheetWriter({
    sheets: [
      { sheetName: 'Report', columns: EXPORT_BULK_COLUMNS.map((header, i) => ({ header, width: BULK_WIDTHS[i], kind: BULK_KINDS[i] })), dateColumns: BULK_DATE_COLUMNS },
      {
        sheetName: 'Answers',
        columns: EXPORT_ANSWERS_COLUMNS.map((header, i) => ({ header, width: ANSWERS_WIDTHS[i], kind: ANSWERS_KINDS[i] })),
        dateColumns: ANSWERS_DATE_COLUMNS,
        dateFormat: 'dd/mm/yyyy hh:mm',
      },
    ],
  });
  let wanted: number[];
  let companies: Map<number, string>;
  try {
    wanted = await checkedIds(em, deps, principal, ids);
    if (wanted.length === 0) throw validationError({ ids: [REPORTING_MESSAGES.noReport] }, REPORTING_MESSAGES.noReport);
    const scope = await actingScope(deps.identity, principal.companyId);
    companies = new Map(scope.companies.map((c) => [c.id, c.name]));
  } catch (error) {
    void writer.worker.terminate();
    throw error;
  }
  const labels = exportLabels(deps);
  /** One chunk's enrolments with their SCORM times, and their learners and courses looked up. */
  const load = async (from: number) => {
    const rows = await bulkRows(em, wanted.slice(from, from + EXPORT_CHUNK));
    await labels.load(rows);
    return rows;
  };
  const encoder = new RowEncoder(BULK_KINDS);
  return workerXlsxResponse(writer, exportFileName('report', now), async (send) => {
    // The database reads the next two steps while this one is encoded and written: a step's read
    // (about 100 ms on MariaDB) takes longer than the worker's writing of it (60–90 ms).
    const ahead: ReturnType<typeof load>[] = [];
    const readAhead = (from: number) => {
      if (from >= wanted.length) return;
      const step = load(from);
      // A failure of a read ahead surfaces when it is awaited, not as an unhandled rejection meanwhile.
      step.catch(() => undefined);
      ahead.push(step);
    };
    readAhead(0);
    readAhead(EXPORT_CHUNK);
    for (let i = 0; ahead.length; i += EXPORT_CHUNK) {
      const rows = await ahead.shift()!;
      readAhead(i + 2 * EXPORT_CHUNK);
      encoder.start(rows.length);
      for (const r of rows) {
        const user = labels.user(Number(r.user_id));
        const firstLaunched = epochMs(r.first_launch) ?? epochMs(r.started_at);
        const lastSave = epochMs(r.last_save);
        // An empty value is no cell at all: blank in Excel as an empty cell is, and a quarter of
        // the cells fewer for exceljs to build and render. In BULK_KINDS's order.
        encoder.text(user?.name ?? 'Deleted learner');
        encoder.text(user?.email);
        encoder.text(user?.loginCode);
        encoder.text(companies.get(Number(r.company_id)));
        encoder.text(labels.course(Number(r.course_id)) ?? 'Deleted course');
        encoder.text(REPORTING_STATUS_LABELS[r.status as ReportingStatus] ?? r.status);
        encoder.number(excelDate(epochMs(r.created_at)));
        encoder.number(excelDate(firstLaunched));
        encoder.number(r.status !== 'not_started' ? excelDate(epochMs(r.updated_at)) : undefined);
        encoder.number(excelDate(epochMs(r.passed_at)));
        encoder.number(excelDate(epochMs(r.expires_at)));
        encoder.number(r.score === null ? undefined : Number(r.score));
        encoder.text(durationText(r.scorm_seconds === null ? null : Number(r.scorm_seconds)));
        encoder.text(durationText(firstLaunched !== null && lastSave !== null ? (lastSave - firstLaunched) / 1000 : null));
      }
      await send(encoder.finish());
    }
    await writeAnswers(em, wanted, labels, companies, send);
  });
}

const ANSWERS_WIDTHS = [28, 32, 14, 22, 34, 9, 17, 14, 20, 48, 14, 40, 40, 14, 11, 11, 17];
/** Attempt started, answered (1-based). */
const ANSWERS_DATE_COLUMNS = [7, 17];
/** The enrolment's five texts, the attempt's number and start, eight texts of the interaction, its latency and when. */
const ANSWERS_KINDS: ColumnKind[] = ['text', 'text', 'text', 'text', 'text', 'number', 'number', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'number', 'number'];

interface AnswerRow {
  enrollment_id: number;
  user_id: number;
  company_id: number;
  course_id: number;
  attempt_id: number;
  started_at: unknown;
  sco_identifier: string;
  position: number;
  interaction_id: string;
  description: string | null;
  type: string | null;
  learner_response: string | null;
  correct_responses: string | null;
  result: string | null;
  weighting: string | null;
  latency: string | null;
  timestamp: string | null;
  recorded_at: unknown;
  updated_at: unknown;
}

/** One step of the Answers sheet: the interactions of these enrolments, with each attempt's number among its enrolment's. */
async function answerRows(em: Em, ids: number[]): Promise<{ rows: AnswerRow[]; attemptNumber: Map<number, number> }> {
  const knex = em.getKnex();
  const [rows, attempts] = await Promise.all([
    readRows<AnswerRow>(
      em,
      knex('scorm_interactions as i')
        .join('scorm_attempts as a', 'a.id', 'i.attempt_id')
        .join('enrollments as e', 'e.id', 'i.enrollment_id')
        .select('i.enrollment_id', 'e.user_id', 'e.company_id', 'e.course_id', 'i.attempt_id', 'a.started_at', 'i.sco_identifier', 'i.position', 'i.interaction_id', 'i.description', 'i.type')
        .select('i.learner_response', 'i.correct_responses', 'i.result', 'i.weighting', 'i.latency', 'i.timestamp', 'i.recorded_at', 'i.updated_at')
        .whereIn('i.enrollment_id', ids),
    ),
    readRows<{ id: number; enrollment_id: number }>(em, knex('scorm_attempts').select('id', 'enrollment_id').whereIn('enrollment_id', ids).orderBy('id')),
  ]);
  const attemptNumber = new Map<number, number>();
  const counted = new Map<number, number>();
  for (const a of attempts) {
    const n = (counted.get(Number(a.enrollment_id)) ?? 0) + 1;
    counted.set(Number(a.enrollment_id), n);
    attemptNumber.set(Number(a.id), n);
  }
  // In the order asked, then oldest attempt first, then as the content numbered them.
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort(
    (a, b) =>
      order.get(Number(a.enrollment_id))! - order.get(Number(b.enrollment_id))! ||
      Number(a.attempt_id) - Number(b.attempt_id) ||
      a.sco_identifier.localeCompare(b.sco_identifier) ||
      Number(a.position) - Number(b.position),
  );
  return { rows, attemptNumber };
}

function patternsText(json: string | null): string | null {
  if (!json) return null;
  try {
    const patterns: unknown = JSON.parse(json);
    return Array.isArray(patterns) ? patterns.map((p) => readableResponse(String(p))).join(' or ') || null : null;
  } catch {
    return null;
  }
}

/** The Answers sheet (issue 20 item 5): one row per interaction of the exported enrolments. */
async function writeAnswers(
  em: Em,
  wanted: number[],
  labels: ReturnType<typeof exportLabels>,
  companies: Map<number, string>,
  send: (batch: ReturnType<RowEncoder['finish']>) => Promise<void>,
) {
  const encoder = new RowEncoder(ANSWERS_KINDS, 1);
  for (let from = 0; from < wanted.length; from += EXPORT_CHUNK) {
    const { rows, attemptNumber } = await answerRows(em, wanted.slice(from, from + EXPORT_CHUNK));
    if (rows.length === 0) continue;
    await labels.load(rows);
    encoder.start(rows.length);
    for (const r of rows) {
      const user = labels.user(Number(r.user_id));
      encoder.text(user?.name ?? 'Deleted learner');
      encoder.text(user?.email);
      encoder.text(user?.loginCode);
      encoder.text(companies.get(Number(r.company_id)));
      encoder.text(labels.course(Number(r.course_id)) ?? 'Deleted course');
      encoder.number(attemptNumber.get(Number(r.attempt_id)));
      encoder.number(excelDate(epochMs(r.started_at)));
      encoder.text(r.sco_identifier);
      encoder.text(r.interaction_id);
      encoder.text(r.description);
      encoder.text(r.type);
      encoder.text(readableResponse(r.learner_response) || null);
      encoder.text(patternsText(r.correct_responses));
      encoder.text(resultLabel(r.result) || null);
      encoder.text(r.weighting);
      encoder.number(parseScormDuration(r.latency));
      // The content's timestamp where it carries a date; else when the portal first stored it (1.2's time has no date).
      encoder.number(excelDate(parseScormTimestamp(r.timestamp) ?? epochMs(r.recorded_at) ?? epochMs(r.updated_at)));
    }
    await send(encoder.finish());
  }
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
  return xlsxResponse(exportFileName('login_codes', now), async (workbook, sent) => {
    const sheet = workbook.addWorksheet('Login codes', {
      views: [{ state: 'frozen', ySplit: 1 }],
      pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    });
    sheet.columns = EXPORT_LOGIN_CODE_COLUMNS.map((header, i) => ({ header, width: [32, 16, 36, 24][i] }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const [n, line] of lines.entries()) {
      if (n % 5000 === 4999) await sent(sheet);
      const row = sheet.addRow(line);
      row.height = 24;
      row.getCell(2).font = { name: 'Courier New', size: 14, bold: true };
      row.commit();
    }
    sheet.commit();
  });
}
