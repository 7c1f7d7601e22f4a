import { EXPORT_ANSWERS_COLUMNS, readableResponse, resultLabel } from '@portal/contracts';
import { parseScormDuration, parseScormTimestamp, type Em } from '@portal/service-kit';
import { epochMs, excelDate, EXPORT_CHUNK, type ExportLabels } from './export-rows';
import { RowEncoder, type ColumnKind, type SendBatch, type SheetSpec } from './xlsx-writer';
import { answerRowsOf, attemptsOfEnrolments } from './exports.statements';

const ANSWERS_WIDTHS = [28, 32, 14, 22, 34, 9, 17, 14, 20, 48, 14, 40, 40, 14, 11, 11, 17];
/** Attempt started, answered (1-based). */
const ANSWERS_DATE_COLUMNS = [7, 17];
/** The enrolment's five texts, the attempt's number and start, eight texts of the interaction, its latency and when. */
const ANSWERS_KINDS: ColumnKind[] = [
  'text',
  'text',
  'text',
  'text',
  'text',
  'number',
  'number',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'number',
  'number',
];

/** The Answers sheet as the writer thread lays it out (the bulk report's second sheet). */
export const ANSWERS_SHEET: SheetSpec = {
  sheetName: 'Answers',
  columns: EXPORT_ANSWERS_COLUMNS.map((header, i) => ({ header, width: ANSWERS_WIDTHS[i], kind: ANSWERS_KINDS[i] })),
  dateColumns: ANSWERS_DATE_COLUMNS,
  dateFormat: 'dd/mm/yyyy hh:mm',
};

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
  const [rows, attempts] = await Promise.all([answerRowsOf<AnswerRow>(em, ids), attemptsOfEnrolments(em, ids)]);
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
      (order.get(Number(a.enrollment_id)) ?? 0) - (order.get(Number(b.enrollment_id)) ?? 0) ||
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
export async function writeAnswers(em: Em, wanted: number[], labels: ExportLabels, companies: Map<number, string>, send: SendBatch) {
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
