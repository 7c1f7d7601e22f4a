import { FORBIDDEN_NAME_SEGMENTS, SCORM_COMMIT_LIMITS, type ScormVersion } from '@portal/contracts';
import type { DirectTransaction, Em } from '@portal/service-kit';
import { ScormObjective, type IScormObjective } from './scorm.entity';
import { upsertInteractions, upsertObjectives } from './player.statements';

/**
 * Objectives and interactions of a commit (issue 13 item 10): read from scorm-again's JSON, where
 * `cmi.objectives` is `{ "0": {…}, "1": {…} }`, or from flattened keys (`cmi.objectives.0.id`).
 */
export interface ObjectiveRecord {
  position: number;
  id: string;
  successStatus: string | null;
  completionStatus: string | null;
  scoreRaw: string | null;
  scoreMin: string | null;
  scoreMax: string | null;
  scoreScaled: string | null;
  progressMeasure: string | null;
}

export interface InteractionRecord {
  position: number;
  id: string;
  type: string | null;
  description: string | null;
  learnerResponse: string | null;
  /** JSON array of each correct_responses.n.pattern; null when the content sent none. */
  correctResponses: string | null;
  result: string | null;
  weighting: string | null;
  latency: string | null;
  timestamp: string | null;
}

/**
 * Most characters kept of an interaction's description, response or correct patterns (as JSON):
 * MySQL's TEXT holds 65,535 bytes, and a UTF-16 unit is at most 3 bytes of UTF-8, so these always
 * fit. SCORM asks an LMS to keep 4,000 at most (a long-fill-in); a longer one is cut, not refused,
 * so the course's later saves, which send it again, are still kept.
 */
export const ANSWER_TEXT_MAX = 16_000;
/** Most characters kept of one correct pattern: SCORM 2004's 4,000 of a long-fill-in. */
const PATTERN_MAX = 4_000;

function text(value: unknown, max?: number): string | null {
  const v = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' && value !== '' ? value : null;
  if (v === null || max === undefined || v.length <= max) return v;
  // Never half of a surrogate pair: the binding refuses a lone one, so nothing stored should hold one.
  const code = v.charCodeAt(max - 1);
  return v.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** The entries of a SCORM collection (`objectives`, `interactions`) by index, nested or flattened. */
function collection(cmi: Record<string, unknown>, name: string): Map<number, Record<string, unknown>> {
  const out = new Map<number, Record<string, unknown>>();
  const nested = cmi[name] ?? (cmi.cmi as Record<string, unknown> | undefined)?.[name];
  if (nested && typeof nested === 'object') {
    for (const [key, value] of Object.entries(nested as Record<string, unknown>)) {
      if (/^\d+$/.test(key) && value && typeof value === 'object') out.set(Number(key), value as Record<string, unknown>);
    }
  }
  const prefix = new RegExp(`^(?:cmi\\.)?${name}\\.(\\d+)\\.(.+)$`);
  for (const [key, value] of Object.entries(cmi)) {
    const [, indexText, path] = prefix.exec(key) ?? [];
    if (indexText === undefined || path === undefined) continue;
    const index = Number(indexText);
    const parts = path.split('.');
    const last = parts.at(-1);
    if (last === undefined) continue; // split always answers one part at least
    // Never a path through `__proto__` and the like (the binding refuses such keys; this stays safe without it).
    if (parts.some((part) => FORBIDDEN_NAME_SEGMENTS.has(part))) continue;
    const entry = out.get(index) ?? (Object.create(null) as Record<string, unknown>);
    let node = entry;
    parts.slice(0, -1).forEach((part) => {
      const existing = Object.hasOwn(node, part) ? node[part] : undefined;
      node = (existing && typeof existing === 'object' ? existing : (node[part] = Object.create(null))) as Record<string, unknown>;
    });
    node[last] = value;
    out.set(index, entry);
  }
  return out;
}

const field = (entry: Record<string, unknown>, path: string) =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), entry);

export function readObjectives(version: ScormVersion, cmi: Record<string, unknown>): ObjectiveRecord[] {
  const records: ObjectiveRecord[] = [];
  for (const [position, entry] of [...collection(cmi, 'objectives')].sort((a, b) => a[0] - b[0])) {
    const id = text(entry.id, 191);
    if (!id) continue;
    const status = version === '1.2' ? text(entry.status, 32) : null;
    records.push({
      position,
      id,
      // 1.2 has one status: passed/failed are success, completed/incomplete/browsed/not attempted completion.
      successStatus: version === '1.2' ? (status === 'passed' || status === 'failed' ? status : null) : text(entry.success_status, 32),
      completionStatus:
        version === '1.2' ? (status && status !== 'passed' && status !== 'failed' ? status : null) : text(entry.completion_status, 32),
      scoreRaw: text(field(entry, 'score.raw'), 32),
      scoreMin: text(field(entry, 'score.min'), 32),
      scoreMax: text(field(entry, 'score.max'), 32),
      scoreScaled: version === '1.2' ? null : text(field(entry, 'score.scaled'), 32),
      progressMeasure: version === '1.2' ? null : text(entry.progress_measure, 32),
    });
  }
  return records;
}

/** The patterns of an interaction's correct_responses (`{ "0": { pattern } }`, an array, or flattened), in order. */
function correctPatterns(entry: Record<string, unknown>): string[] {
  const responses = entry.correct_responses;
  if (!responses || typeof responses !== 'object') return [];
  const items = Array.isArray(responses)
    ? responses.map((value, index) => [index, value] as const)
    : Object.entries(responses as Record<string, unknown>)
        .filter(([key]) => /^\d+$/.test(key))
        .map(([key, value]) => [Number(key), value] as const);
  return items
    .sort((a, b) => a[0] - b[0])
    .map(([, value]) => text(value && typeof value === 'object' ? (value as Record<string, unknown>).pattern : null, PATTERN_MAX))
    .filter((pattern): pattern is string => pattern !== null);
}

/** The patterns as a JSON array of at most ANSWER_TEXT_MAX characters: the first ones that fit; null for none. */
function patternsJson(patterns: string[]): string | null {
  const kept: string[] = [];
  let length = 2;
  for (const pattern of patterns) {
    const more = JSON.stringify(pattern).length + (kept.length > 0 ? 1 : 0);
    if (length + more > ANSWER_TEXT_MAX) break;
    kept.push(pattern);
    length += more;
  }
  return kept.length > 0 ? JSON.stringify(kept) : null;
}

export function readInteractions(version: ScormVersion, cmi: Record<string, unknown>): InteractionRecord[] {
  const records: InteractionRecord[] = [];
  for (const [position, entry] of [...collection(cmi, 'interactions')].sort((a, b) => a[0] - b[0])) {
    const id = text(entry.id, 191);
    if (!id) continue;
    records.push({
      position,
      id,
      type: text(entry.type, 32),
      description: version === '1.2' ? null : text(entry.description, ANSWER_TEXT_MAX),
      learnerResponse: text(version === '1.2' ? entry.student_response : entry.learner_response, ANSWER_TEXT_MAX),
      correctResponses: patternsJson(correctPatterns(entry)),
      result: text(entry.result, 32),
      weighting: text(entry.weighting, 32),
      latency: text(entry.latency, 64),
      timestamp: text(version === '1.2' ? entry.time : entry.timestamp, 64),
    });
  }
  return records;
}

/**
 * How many entries of a collection a commit carries, as the limits count them: its entries, or
 * its highest index n + 1 when that is more (SCORM numbers them from 0 without gaps). `records` are
 * in index order, as read.
 */
export const collectionSize = (records: { position: number }[]): number => Math.max(records.length, (records.at(-1)?.position ?? -1) + 1);

/**
 * Rows of one statement. SQLite builds a multi-row insert as a compound SELECT of at most 500
 * terms (SQLITE_MAX_COMPOUND_SELECT: "too many terms in compound SELECT" above), and 500 rows of
 * 15 columns bind 7,500 values, under SQLite's 32,766 and MySQL's 65,535.
 */
export const ROWS_PER_STATEMENT = 500;
/**
 * Characters of text in one statement: mysql2 writes the values into the statement's text, at most
 * 3 bytes a character escaped, so a statement stays under MariaDB's default 16 MB packet
 * (max_allowed_packet) whatever the answers hold.
 */
export const TEXT_PER_STATEMENT = 4_000_000;

const textLength = (row: Record<string, unknown>) => {
  let length = 0;
  for (const value of Object.values(row)) if (typeof value === 'string') length += value.length;
  return length;
};

/** The rows in order, in lists that one statement each can take on both databases (issue 31 item 4). */
export function* statementBatches<Row extends Record<string, unknown>>(
  rows: Row[],
  limits: { rows: number; text: number } = { rows: ROWS_PER_STATEMENT, text: TEXT_PER_STATEMENT },
): Generator<Row[]> {
  let batch: Row[] = [];
  let text = 0;
  for (const row of rows) {
    const length = textLength(row);
    if (batch.length === limits.rows || (batch.length > 0 && text + length > limits.text)) {
      yield batch;
      batch = [];
      text = 0;
    }
    batch.push(row);
    text += length;
  }
  if (batch.length > 0) yield batch;
}

/**
 * Keeps the attempt's objectives (newest value of each, by id) and its interactions (by index),
 * nothing read first, in the commit's transaction: statements of at most ROWS_PER_STATEMENT rows
 * (statementBatches), so one each up to 500 (issue 26). One statement of them all failed on SQLite
 * from 501, and so did every later save of the attempt (issue 31 item 4).
 */
export async function storeRecords(
  em: Em | DirectTransaction,
  where: { enrolmentId: number; attemptId: number; scoIdentifier: string },
  objectives: ObjectiveRecord[],
  interactions: InteractionRecord[],
  now: Date,
): Promise<void> {
  const updatedAt = em.getPlatform().processDateProperty(now);
  if (objectives.length > 0) {
    // An id named twice in one commit: its last entry counts (a row can take one value per statement).
    const byId = new Map(objectives.map((o) => [o.id, o]));
    const rows = [...byId.values()].map((o) => ({
      enrollment_id: where.enrolmentId,
      attempt_id: where.attemptId,
      sco_identifier: where.scoIdentifier,
      objective_id: o.id,
      position: o.position,
      success_status: o.successStatus,
      completion_status: o.completionStatus,
      score_raw: o.scoreRaw,
      score_min: o.scoreMin,
      score_max: o.scoreMax,
      score_scaled: o.scoreScaled,
      progress_measure: o.progressMeasure,
      updated_at: updatedAt,
    }));
    for (const batch of statementBatches(rows)) await upsertObjectives(em, batch);
  }
  if (interactions.length > 0) {
    const rows = interactions.map((i) => ({
      enrollment_id: where.enrolmentId,
      attempt_id: where.attemptId,
      sco_identifier: where.scoIdentifier,
      position: i.position,
      interaction_id: i.id,
      type: i.type,
      description: i.description,
      learner_response: i.learnerResponse,
      correct_responses: i.correctResponses,
      result: i.result,
      weighting: i.weighting,
      latency: i.latency,
      timestamp: i.timestamp,
      recorded_at: updatedAt,
      updated_at: updatedAt,
    }));
    for (const batch of statementBatches(rows)) await upsertInteractions(em, batch);
  }
}

/** Each SCO's objectives to restore: the newest report of each id, whichever attempt made it. */
export async function objectivesOf(em: Em, enrolmentId: number): Promise<Map<string, IScormObjective[]>> {
  const rows: IScormObjective[] = await em.find(ScormObjective, { enrolmentId }, { orderBy: { updatedAt: 'desc', id: 'desc' } });
  const newest = new Map<string, IScormObjective>();
  for (const row of rows)
    if (!newest.has(`${row.scoIdentifier}\n${row.objectiveId}`)) newest.set(`${row.scoIdentifier}\n${row.objectiveId}`, row);
  const out = new Map<string, IScormObjective[]>();
  for (const row of [...newest.values()].sort((a, b) => a.position - b.position || a.id - b.id)) {
    const list = out.get(row.scoIdentifier);
    if (list) list.push(row);
    else out.set(row.scoIdentifier, [row]);
  }
  return out;
}

/**
 * The objectives to load before Initialize as flattened CMI: the manifest's ids in order, then
 * any other stored one; a stored objective comes back with its statuses, score and progress
 * (resume only: a fresh attempt gets the ids alone). Never more than one commit may carry
 * (SCORM_COMMIT_LIMITS.OBJECTIVES_MAX), or every save of the session would be refused.
 */
export function objectivesCmi(
  version: ScormVersion,
  manifestIds: string[],
  stored: IScormObjective[],
  resume: boolean,
): Record<string, string | null> {
  const ids = [...manifestIds];
  const named = new Set(ids);
  for (const row of stored) {
    if (named.has(row.objectiveId)) continue;
    named.add(row.objectiveId);
    ids.push(row.objectiveId);
  }
  // The first stored row of each id, as a search from the start finds it; looked up once each (thousands may be stored).
  const byId = new Map<string, IScormObjective>();
  for (const row of stored) if (!byId.has(row.objectiveId)) byId.set(row.objectiveId, row);
  const cmi: Record<string, string | null> = {};
  ids.slice(0, SCORM_COMMIT_LIMITS.OBJECTIVES_MAX).forEach((id, n) => {
    const key = `cmi.objectives.${n}`;
    cmi[`${key}.id`] = id;
    const row = resume ? byId.get(id) : undefined;
    if (!row) return;
    Object.assign(cmi, {
      [`${key}.score.raw`]: row.scoreRaw,
      [`${key}.score.min`]: row.scoreMin,
      [`${key}.score.max`]: row.scoreMax,
    });
    if (version === '1.2') cmi[`${key}.status`] = row.successStatus ?? row.completionStatus ?? null;
    else {
      Object.assign(cmi, {
        [`${key}.score.scaled`]: row.scoreScaled,
        [`${key}.success_status`]: row.successStatus,
        [`${key}.completion_status`]: row.completionStatus,
        [`${key}.progress_measure`]: row.progressMeasure,
      });
    }
  });
  return cmi;
}

/** Each enrolment's progress (0–100) as the mean of its SCOs' reported progress measures, where any reported one. */
export function progressPercent(measures: (string | null | undefined)[]): number | null {
  const known = measures.map((m) => (m === null || m === undefined || m.trim() === '' ? NaN : Number(m))).filter((n) => Number.isFinite(n));
  if (known.length === 0) return null;
  return Math.round((known.reduce((a, b) => a + Math.min(1, Math.max(0, b)), 0) / known.length) * 100);
}

/** SCORM 2004 cmi.progress_measure (1.2 has none). */
export function readProgressMeasure(version: ScormVersion, cmi: Record<string, unknown>): string | null {
  if (version === '1.2') return null;
  return text(cmi.progress_measure ?? cmi['cmi.progress_measure'], 32);
}
