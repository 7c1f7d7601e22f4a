import { SCORM_COMMIT_LIMITS } from '@portal/contracts';
import {
  attemptRowsToRead,
  DirectTransaction,
  directTransaction,
  recordAttemptRow,
  type AttemptLimit,
  type CataloguePort,
  type Em,
  type Orm,
  type Principal,
  type ServiceDeps,
} from '@portal/service-kit';
import { Enrolment, type IEnrolment } from '../enrolments/enrolment.entity';
import { touchLastActivity } from '../enrolments/enrolment.repository';
import { issueCertificate } from '../certificates/issue-certificate';
import { storeRecords } from './scorm-records';
import {
  insertLogEntry,
  insertScoState,
  launchOf,
  lockedLaunch,
  passEnrolment,
  scoStatesOf,
  updateAttempt,
  updateEnrolment,
  updateScoState,
} from './player.statements';
import {
  admitCommit,
  checkLaunch,
  decideCommit,
  unknownLaunch,
  type CommitInput,
  type CommitOutcome,
  type CommitWrite,
  type LaunchFacts,
} from './store-commit-decision';

export { isStaleCommit, LAST_ACTIVITY_RESOLUTION_MS, type CommitInput, type CommitOutcome } from './store-commit-decision';

/** Commits per attempt a minute (SCORM_COMMIT_LIMITS): final ones in a bucket of their own. */
export const commitLimit = (attemptId: number, isFinal: boolean): AttemptLimit =>
  isFinal
    ? { bucket: `scorm-final-commit:${attemptId}`, max: SCORM_COMMIT_LIMITS.FINAL_COMMITS_PER_MINUTE, windowSeconds: 60 }
    : { bucket: `scorm-commit:${attemptId}`, max: SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE, windowSeconds: 60 };

type Db = { orm: Orm; em: () => Em };

export interface StoreCommitOptions {
  /** The ORM for the plain reads and the direct transaction; `em` forks an entity manager only when one is needed. */
  db: Db;
  catalogue: CataloguePort;
  deps: Pick<ServiceDeps, 'jobs'>;
  principal: Pick<Principal, 'userId'>;
  input: CommitInput;
  now: Date;
}

/**
 * Stores one commit: the learner's SCORM log gets a row, the SCO's state moves on, and the
 * enrolment's status and score follow from all its SCOs. Read, decide (store-commit-decision.ts,
 * plain data in, no database), write: the launch and the package are read before the transaction
 * (a port is never called inside one), the attempt's rows under its lock inside it. Commits are
 * numbered; see isStaleCommit for which ones change nothing.
 */
export async function storeCommit(options: StoreCommitOptions): Promise<CommitOutcome> {
  const { db, principal, input, now } = options;
  const limit = commitLimit(input.attemptId, input.isFinal);
  const checked = checkLaunch({
    launch: await readLaunch(db.orm, limit, input.attemptId),
    userId: principal.userId,
    token: input.token,
    limit,
    now,
  });
  if ('refused' in checked) throw checked.refused;
  const { launch, staleIds } = checked;
  const admitted = admitCommit(await options.catalogue.coursePackage(launch.courseId), input);
  if ('refused' in admitted) {
    // Refused whole before anything is written (the attempt still counts): the state saved before stays as it was.
    await recordAttemptRow(db.em(), limit, now, staleIds);
    throw admitted.refused;
  }
  const validityYears = admitted.mayPass
    ? ((await options.catalogue.coursesByIds([launch.courseId], { companyId: launch.companyId }))[0]?.validityYears ?? 1)
    : 1;
  try {
    return await inTransaction(db, admitted.mayPass, async (tx) => {
      const [head] = await lockedLaunch(tx, input.attemptId);
      const states = head ? await scoStatesOf(tx, Number(head.enrollment_id)) : [];
      const decision = decideCommit({ admitted, head, states, userId: principal.userId, input, now, validityYears });
      if (decision.kind === 'unknown-launch') throw unknownLaunch();
      await recordAttemptRow(tx, limit, now, staleIds);
      if (decision.kind === 'stale') return decision.outcome;
      await writeCommit(tx, options.deps, decision.write, { attemptId: input.attemptId, scoIdentifier: admitted.sco.identifier, now });
      return { applied: true, superseded: false };
    });
  } catch (error) {
    if (!isDuplicateEntry(error)) throw error;
    // Another request stored this number of this attempt at the same moment (the same commit sent
    // twice, a SCO's last word beside the player's final): a numbered commit is then a repeat.
    if (input.seq === 'next') throw new CommitNumberTaken();
    return { applied: false, superseded: false };
  }
}

/** The caller's launch (attempt, token and enrolment) with the attempt's commit-limit rows, as it stands before the transaction. */
async function readLaunch(orm: Orm, limit: AttemptLimit, attemptId: number): Promise<LaunchFacts | null> {
  const rows = await launchOf(orm, attemptId, limit.bucket, attemptRowsToRead(limit));
  const launch = rows[0];
  if (!launch) return null;
  return {
    userId: Number(launch.user_id),
    tokenHash: launch.token_hash,
    enrolmentUserId: Number(launch.enrollment_user_id),
    courseId: Number(launch.course_id),
    companyId: Number(launch.company_id),
    limitRows: launch.limit_row_id === null ? [] : rows.map((r) => ({ id: Number(r.limit_row_id), created_at: r.limit_row_at })),
  };
}

/**
 * The one way a commit writes: the player's statements, on the direct transaction or (when the
 * commit may pass the course) the entity manager's, then the certificate through entities.
 */
async function writeCommit(
  tx: Em | DirectTransaction,
  deps: Pick<ServiceDeps, 'jobs'>,
  write: CommitWrite,
  at: { attemptId: number; scoIdentifier: string; now: Date },
): Promise<void> {
  const date = (value: Date | null) => (value === null ? null : tx.getPlatform().processDateProperty(value));
  const { enrolmentId } = write;
  const { now } = at;
  await insertLogEntry(tx, { ...write.logEntry, created_at: date(now) });
  const state = { ...write.scoState.fields, updated_at: date(now) };
  if (write.scoState.id !== null) await updateScoState(tx, write.scoState.id, state);
  else await insertScoState(tx, { enrollment_id: enrolmentId, sco_identifier: at.scoIdentifier, ...state });
  await storeRecords(
    tx,
    { enrolmentId, attemptId: at.attemptId, scoIdentifier: at.scoIdentifier },
    write.objectives,
    write.interactions,
    now,
  );
  await updateAttempt(tx, at.attemptId, {
    last_seq: write.attempt.lastSeq,
    last_commit_at: date(now),
    finished_at: write.attempt.finishes ? date(now) : write.attempt.finishedAt,
  });
  const change = write.enrolment;
  if (change.kind === 'update') {
    await updateEnrolment(tx, enrolmentId, {
      status: change.status,
      score: change.score,
      started_at: date(change.startedAt),
      updated_at: date(now),
    });
  }
  if (change.kind === 'pass') {
    if (tx instanceof DirectTransaction) throw new Error('A commit that passes the course takes the entity manager’s transaction.');
    await passEnrolment(tx, enrolmentId, {
      status: 'passed',
      score: change.score,
      started_at: date(change.startedAt),
      passed_at: date(change.passedAt),
      expires_at: date(change.expiresAt),
      updated_at: date(now),
    });
    const enrolment: IEnrolment = await tx.findOneOrFail(Enrolment, { id: enrolmentId });
    await issueCertificate(tx, deps, enrolment, now);
    await tx.flush();
    await touchLastActivity(tx, enrolmentId, now);
  }
}

/** Times a commit's transaction is tried when MySQL picks it as a deadlock's victim or its lock wait times out. */
const TRANSACTION_TRIES = 3;

/**
 * The commit's transaction, tried again when MySQL rolled it back whole as a deadlock's victim (or
 * after a lock wait timeout): a burst of commits queues and is stored, it never fails for another's
 * lock. On one connection without the ORM, unless the commit may pass the course.
 */
async function inTransaction<T>(
  db: { orm: Orm; em: () => Em },
  withEntities: boolean,
  work: (tx: Em | DirectTransaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (withEntities ? db.em().transactional(work) : directTransaction(db.orm, work));
    } catch (error) {
      if (attempt >= TRANSACTION_TRIES || !isLockConflict(error)) throw error;
    }
  }
}

/** A last word (`seq: 'next'`) whose number another request took first: the caller tries again with the next one. */
export class CommitNumberTaken extends Error {
  constructor() {
    super('Another commit of this attempt took that number at the same moment.');
  }
}

/** A row another transaction inserted first under the same unique key (SQLite and MySQL/MariaDB, raw or through the ORM). */
function isDuplicateEntry(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; name?: string; message?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code === 'ER_DUP_ENTRY' || e.errno === 1062 || e.name === 'UniqueConstraintViolationException') return true;
  if (e.code?.startsWith('SQLITE_CONSTRAINT') && /UNIQUE constraint failed/.test(e.message ?? '')) return true;
  return e.cause !== undefined && e.cause !== error && isDuplicateEntry(e.cause);
}

function isLockConflict(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; name?: string; cause?: unknown } | null;
  if (!e) return false;
  if (e.code === 'ER_LOCK_DEADLOCK' || e.code === 'ER_LOCK_WAIT_TIMEOUT' || e.errno === 1213 || e.errno === 1205) return true;
  if (e.name === 'DeadlockException' || e.name === 'LockWaitTimeoutException') return true;
  return e.cause !== undefined && e.cause !== error && isLockConflict(e.cause);
}
