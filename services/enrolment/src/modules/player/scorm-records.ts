import type { ScormVersion } from '@portal/contracts';
import { preparedWrite, type Em } from '@portal/service-kit';
import { ScormObjective, type IScormObjective } from './scorm.entity';

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
  learnerResponse: string | null;
  result: string | null;
  latency: string | null;
  timestamp: string | null;
}

function text(value: unknown, max?: number): string | null {
  const v = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' && value !== '' ? value : null;
  return v !== null && max !== undefined ? v.slice(0, max) : v;
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
    const match = prefix.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const entry = out.get(index) ?? {};
    let node = entry;
    const parts = match[2]!.split('.');
    parts.slice(0, -1).forEach((part) => {
      node = (node[part] ??= {}) as Record<string, unknown>;
    });
    node[parts.at(-1)!] = value;
    out.set(index, entry);
  }
  return out;
}

const field = (entry: Record<string, unknown>, path: string) => path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), entry);

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
      completionStatus: version === '1.2' ? (status && status !== 'passed' && status !== 'failed' ? status : null) : text(entry.completion_status, 32),
      scoreRaw: text(field(entry, 'score.raw'), 32),
      scoreMin: text(field(entry, 'score.min'), 32),
      scoreMax: text(field(entry, 'score.max'), 32),
      scoreScaled: version === '1.2' ? null : text(field(entry, 'score.scaled'), 32),
      progressMeasure: version === '1.2' ? null : text(entry.progress_measure, 32),
    });
  }
  return records;
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
      learnerResponse: text(version === '1.2' ? entry.student_response : entry.learner_response),
      result: text(entry.result, 32),
      latency: text(entry.latency, 64),
      timestamp: text(version === '1.2' ? entry.time : entry.timestamp, 64),
    });
  }
  return records;
}

const OBJECTIVE_FIELDS = ['position', 'success_status', 'completion_status', 'score_raw', 'score_min', 'score_max', 'score_scaled', 'progress_measure', 'updated_at'];
const INTERACTION_FIELDS = ['interaction_id', 'type', 'learner_response', 'result', 'latency', 'timestamp', 'updated_at'];

/** A commit's objectives in one statement: each a new row, or its stored row (by SCO and id) updated. */
const upsertObjectives = preparedWrite<[rows: Record<string, unknown>[]]>((knex, rows) =>
  knex('scorm_objectives').insert(rows).onConflict(['enrollment_id', 'sco_identifier', 'objective_id']).merge(OBJECTIVE_FIELDS),
);
/** A commit's interactions in one statement: by attempt, SCO and index, as objectives. */
const upsertInteractions = preparedWrite<[rows: Record<string, unknown>[]]>((knex, rows) =>
  knex('scorm_interactions').insert(rows).onConflict(['attempt_id', 'sco_identifier', 'position']).merge(INTERACTION_FIELDS),
);

/**
 * Keeps the commit's objectives (newest value of each, by id) and its attempt's interactions (by
 * index): one statement each, whatever the count (issue 26), nothing read first.
 */
export async function storeRecords(
  em: Em,
  where: { enrollmentId: number; attemptId: number; scoIdentifier: string },
  objectives: ObjectiveRecord[],
  interactions: InteractionRecord[],
  now: Date,
): Promise<void> {
  const updatedAt = em.getPlatform().processDateProperty(now);
  if (objectives.length > 0) {
    // An id named twice in one commit: its last entry counts (a row can take one value per statement).
    const byId = new Map(objectives.map((o) => [o.id, o]));
    await upsertObjectives(
      em,
      [...byId.values()].map((o) => ({
        enrollment_id: where.enrollmentId,
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
      })),
    );
  }
  if (interactions.length > 0) {
    await upsertInteractions(
      em,
      interactions.map((i) => ({
        enrollment_id: where.enrollmentId,
        attempt_id: where.attemptId,
        sco_identifier: where.scoIdentifier,
        position: i.position,
        interaction_id: i.id,
        type: i.type,
        learner_response: i.learnerResponse,
        result: i.result,
        latency: i.latency,
        timestamp: i.timestamp,
        updated_at: updatedAt,
      })),
    );
  }
}

export async function objectivesOf(em: Em, enrollmentId: number): Promise<Map<string, IScormObjective[]>> {
  const rows: IScormObjective[] = await em.find(ScormObjective, { enrollmentId }, { orderBy: { position: 'asc', id: 'asc' } });
  const out = new Map<string, IScormObjective[]>();
  for (const row of rows) out.set(row.scoIdentifier, [...(out.get(row.scoIdentifier) ?? []), row]);
  return out;
}

/**
 * The objectives to load before Initialize as flattened CMI: the manifest's ids in order, then
 * any other stored one; a stored objective comes back with its statuses, score and progress
 * (resume only: a fresh attempt gets the ids alone).
 */
export function objectivesCmi(version: ScormVersion, manifestIds: string[], stored: IScormObjective[], resume: boolean): Record<string, string | null> {
  const ids = [...manifestIds];
  for (const row of stored) if (!ids.includes(row.objectiveId)) ids.push(row.objectiveId);
  const cmi: Record<string, string | null> = {};
  ids.forEach((id, n) => {
    const key = `cmi.objectives.${n}`;
    cmi[`${key}.id`] = id;
    const row = resume ? stored.find((o) => o.objectiveId === id) : undefined;
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
