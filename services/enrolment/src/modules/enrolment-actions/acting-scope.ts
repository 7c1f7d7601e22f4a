import { REPORTING_MESSAGES } from '@portal/contracts';
import { forbidden, type IdentityPort } from '@portal/service-kit';

/**
 * The companies a /reporting action may touch: the acting company (principal.companyId — their
 * own, or the one an admin mimics) and its depots. Asked of identity before any transaction opens.
 */
export interface ActingScope {
  companyId: number;
  companies: { id: number; name: string }[];
  ids: Set<number>;
}

export async function actingScope(identity: Pick<IdentityPort, 'companyById' | 'companyDepots'>, companyId: number): Promise<ActingScope> {
  const [self, depots] = await Promise.all([identity.companyById(companyId), identity.companyDepots(companyId)]);
  const companies = [...(self ? [{ id: self.id, name: self.name }] : []), ...depots.map((d) => ({ id: d.id, name: d.name }))];
  return { companyId, companies, ids: new Set(companies.map((c) => c.id)) };
}

/** 403 unless every company named is in the scope (an enrolment of another company, by id). */
export function assertInScope(scope: ActingScope, companyIds: Iterable<number>, message: string = REPORTING_MESSAGES.foreignIds): void {
  for (const id of companyIds) if (!scope.ids.has(id)) throw forbidden(message);
}
