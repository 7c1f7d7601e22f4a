import type { Role } from '@portal/contracts';
import type { Em } from '../db';

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

/**
 * What every service needs from identity to authorise a call. Identity implements it; inside
 * the gateway it is an in-process call, and a service running alone gets identity's module too.
 */
export interface IdentityPort {
  resolvePrincipal(em: Em, sessionToken: string): Promise<Principal | null>;
  /** The parent company id of a company (null for a top-level company), or undefined if unknown. */
  companyParentId(em: Em, companyId: number): Promise<number | null | undefined>;
}

/** A manager may act on their own company and on its depots; admins on every company. */
export async function canActForCompany(identity: IdentityPort, em: Em, principal: Principal, companyId: number): Promise<boolean> {
  if (principal.role === 'admin') return true;
  if (principal.role !== 'manager') return false;
  if (principal.companyId === companyId) return true;
  const parentId = await identity.companyParentId(em, companyId);
  return parentId != null && parentId === principal.companyId;
}
