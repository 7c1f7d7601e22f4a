import type { Role } from '@portal/contracts';
import type { Principal } from '../auth/principal';

/** A user as the other services need them: enough to name, mail and place them. */
export interface UserSummary {
  id: number;
  name: string;
  email: string | null;
  companyId: number;
  role: Role;
  /** The account was bought through the shop (users.wp_user). */
  purchasedAccount: boolean;
}

/**
 * Identity's front door: what every service needs to authorise a call, and what the others read
 * about users. Identity implements it (`createIdentityPort`).
 */
export interface IdentityPort {
  /** The principal behind a session token, or null when the session is unknown or expired. */
  resolvePrincipal(sessionToken: string): Promise<Principal | null>;
  /**
   * The parent company id of a company (null for a top-level company), or undefined when there is
   * no such company (an HTTP adapter answers that with a 404).
   */
  companyParentId(companyId: number): Promise<number | null | undefined>;
  /** The users with these ids, in no particular order; unknown ids are left out. */
  usersByIds(ids: number[]): Promise<UserSummary[]>;
  /** Ends the session of this token (signing out); an unknown token changes nothing. */
  endSession(sessionToken: string): Promise<void>;
}
