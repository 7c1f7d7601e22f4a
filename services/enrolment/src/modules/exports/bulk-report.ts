import { EXPORT_BULK_COLUMNS, exportFileName, REPORTING_MESSAGES, REPORTING_STATUS_LABELS, type ReportingStatus } from '@portal/contracts';
import { validationError, type Em, type Principal } from '@portal/service-kit';
import { actingScope } from '../enrolment-actions/acting-scope';
import { ANSWERS_SHEET, writeAnswers } from './answers-sheet';
import { checkedIds, durationText, epochMs, excelDate, EXPORT_CHUNK, exportLabels, type Deps, type ExportRow } from './export-rows';
import { RowEncoder, startSheetWriter, workerXlsxResponse, type ColumnKind } from './xlsx-writer';
import { bulkRowsOf } from './exports.statements';

const BULK_WIDTHS = [28, 32, 14, 22, 34, 13, 13, 16, 16, 13, 13, 8, 20, 24];
/** Enrolled, first launched, last activity, passed, expiry (1-based, exceljs's numbering). */
const BULK_DATE_COLUMNS = [7, 8, 9, 10, 11];
/** Learner, email, login code, depot, course, status; the five dates and the score; the two times. */
const BULK_KINDS: ColumnKind[] = [
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'number',
  'number',
  'number',
  'number',
  'number',
  'number',
  'text',
  'text',
];

interface BulkRow extends ExportRow {
  first_launch: unknown;
  last_save: unknown;
  scorm_seconds: number | string | null;
}

/** One step of the bulk report in one statement (bulkRowsOf), in the order asked. */
async function bulkRows(em: Em, ids: number[]): Promise<BulkRow[]> {
  const rows = await bulkRowsOf<BulkRow>(em, ids);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** POST /api/enrollments/exportBulk: {dd-mm-yyyy}_report.xlsx of these enrolments. */
export async function exportBulk(em: Em, deps: Deps, principal: Principal, ids: number[], now: Date): Promise<Response> {
  // Started first: the worker loads exceljs while the ids are checked.
  const writer = startSheetWriter({
    sheets: [
      {
        sheetName: 'Report',
        columns: EXPORT_BULK_COLUMNS.map((header, i) => ({ header, width: BULK_WIDTHS[i], kind: BULK_KINDS[i] })),
        dateColumns: BULK_DATE_COLUMNS,
      },
      ANSWERS_SHEET,
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
    for (let i = 0, next = ahead.shift(); next; i += EXPORT_CHUNK, next = ahead.shift()) {
      const rows = await next;
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
