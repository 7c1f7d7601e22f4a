import type { Em, Orm } from '../db';
import type { AuditAction } from '@portal/contracts';
import { AuditEntry } from './audit.entity';

/** Who did it: a person (id, name and role at the time) or the system (userId null). */
export interface AuditActor {
  userId: number | null;
  name: string;
  role?: string | null;
}

export interface AuditRecord {
  actor: AuditActor | null;
  action: AuditAction;
  /** The company the action concerns (a manager sees their company's and its depots' rows). */
  companyId: number | null;
  subject?: { type: string; id: number | null } | null;
  details?: Record<string, unknown> | null;
}

/** `deps.audit`: writes the record. */
export interface AuditLog {
  /**
   * Records one action. With `em` the row belongs to the caller's work: inserted in its open
   * transaction, or written by its next flush, so it exists only if the work commits. Without
   * `em` it is written at once on its own entity manager (never await that inside your own open
   * transaction on SQLite: pass the transaction's `em`).
   */
  record(entry: AuditRecord, options?: { em?: Em }): Promise<void>;
}

export const SYSTEM_ACTOR: AuditActor = { userId: null, name: 'System', role: null };

/** The actor of a signed-in caller. */
export function auditActorOf(principal: { userId: number; name: string; role: string }): AuditActor {
  return { userId: principal.userId, name: principal.name, role: principal.role };
}

export function createAuditLog(options: { orm: Orm; now: () => Date }): AuditLog {
  return {
    async record(entry, { em } = {}) {
      const actor = entry.actor ?? SYSTEM_ACTOR;
      const row = {
        actorId: actor.userId,
        actorName: actor.name.slice(0, 191),
        actorRole: actor.role ?? null,
        action: entry.action,
        companyId: entry.companyId,
        subjectType: entry.subject?.type ?? null,
        subjectId: entry.subject?.id ?? null,
        details: entry.details ? JSON.stringify(entry.details) : null,
        createdAt: options.now(),
      };
      if (em) {
        if (em.isInTransaction()) await em.insert(AuditEntry, row);
        else em.create(AuditEntry, row);
        return;
      }
      await options.orm.em.fork().insert(AuditEntry, row);
    },
  };
}
