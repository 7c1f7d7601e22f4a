import type { Role } from '@portal/contracts';
import type { IdentityPort } from '../ports/identity.port';

/** Who is calling, as every service sees it. */
export interface Principal {
  userId: number;
  sessionId: string;
  name: string;
  email: string | null;
  role: Role;
  /** The company the caller acts for: their own, or the one an admin mimics. */
  companyId: number;
  homeCompanyId: number;
  isMimicking: boolean;
}

/** A manager may act on their own company and on its depots; admins on every company. */
export async function canActForCompany(identity: IdentityPort, principal: Principal, companyId: number): Promise<boolean> {
  if (principal.role === 'admin') return true;
  if (principal.role !== 'manager') return false;
  if (principal.companyId === companyId) return true;
  const parentId = await identity.companyParentId(companyId);
  return parentId != null && parentId === principal.companyId;
}
