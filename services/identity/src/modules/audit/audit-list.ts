import type { AuditAction, AuditEntryView, AuditListQuery, Page } from '@portal/contracts';
import { AuditEntry, forbidden, inIdOrder, listPage, mapPage, type Em, type IAuditEntry, type Principal } from '@portal/service-kit';
import { companyNames, depotsOf } from '../../data/company.repository';
import { auditIdsQuery } from './audit.statements';

/**
 * One page of the audit log. Admins see every row; a manager only the rows of their company and
 * its depots (a company filter outside them is refused), and so does an admin mimicking a company
 * (they act for it, as on its account page). Search finds the actor and the action.
 */
export async function listAudit(em: Em, principal: Principal, query: AuditListQuery, url: string): Promise<Page<AuditEntryView>> {
  const base = auditIdsQuery(em);
  if (principal.role !== 'admin' || principal.isMimicking) {
    const family = [principal.companyId, ...(await depotsOf(em, principal.companyId)).map((d) => d.id)];
    if (query.company_id !== undefined && !family.includes(query.company_id))
      throw forbidden('You can only see your own company’s audit log.');
    base.whereIn('a.company_id', family);
  }
  if (query.company_id !== undefined) base.andWhere('a.company_id', query.company_id);
  if (query.actor_id !== undefined) base.andWhere('a.actor_id', query.actor_id);
  if (query.action !== undefined) base.andWhere('a.action', query.action);
  const page = await listPage<{ id: number }, AuditListQuery['sort']>(base, query, {
    search: ['a.actor_name', 'a.action'],
    sort: { created_at: 'a.created_at', action: 'a.action', actor_name: 'a.actor_name' },
    id: 'a.id',
    url,
  });
  return mapPage(page, async (rows) => {
    const ids = rows.map((r) => Number(r.id));
    const entries = inIdOrder(ids, ids.length ? await em.find(AuditEntry, { id: { $in: ids } }) : []);
    const names = await companyNames(em, [...new Set(entries.flatMap((e) => (e.companyId == null ? [] : [e.companyId])))]);
    return entries.map((e) => toView(e, names));
  });
}

function toView(entry: IAuditEntry, names: Map<number, string>): AuditEntryView {
  return {
    id: entry.id,
    created_at: entry.createdAt.toISOString(),
    actor_id: entry.actorId ?? null,
    actor_name: entry.actorName,
    actor_role: entry.actorRole ?? null,
    action: entry.action as AuditAction,
    company_id: entry.companyId ?? null,
    company_name: entry.companyId == null ? null : (names.get(entry.companyId) ?? null),
    subject_type: entry.subjectType ?? null,
    subject_id: entry.subjectId ?? null,
    details: entry.details ? (JSON.parse(entry.details) as Record<string, unknown>) : null,
  };
}
