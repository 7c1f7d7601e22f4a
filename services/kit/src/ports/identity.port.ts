import type { Role } from '@portal/contracts';
import type { Principal } from '../auth/principal';
import type { PortTransaction } from './port-transaction';

/** A user as the other services need them: enough to name, mail and place them. */
export interface UserSummary {
  id: number;
  name: string;
  email: string | null;
  companyId: number;
  role: Role;
  /** The account was bought through the shop (users.wp_user). */
  purchasedAccount: boolean;
  /** The learner was anonymised (GDPR erasure): the name is a placeholder, not to be shown as theirs. */
  anonymised?: boolean;
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
  /** Whether the session with this id (Principal.sessionId) still exists and has not expired. */
  isSessionLive(sessionId: string): Promise<boolean>;
  /** The company's name, parent and main account email, or null when there is no such company. */
  companyById(companyId: number): Promise<CompanySummary | null>;
  /** The company whose main account email (companies.email) or manager email is this one, or null. */
  companyByEmail(email: string): Promise<CompanySummary | null>;
  /**
   * Of the users of this company (and its depots), those with these emails (lower-cased), for
   * matching bulk rows to existing employees.
   */
  usersByEmails(companyId: number, emails: string[]): Promise<UserSummary[]>;
  /**
   * Creates learner accounts in this company, in one batch: each gets a login code (no 0/O/1/I);
   * a learner with an email gets a welcome mail with a sign-in link. A row whose email is already
   * used anywhere fails alone, with its reason. `purchased` marks shop accounts (wp_user).
   * With `transaction` the accounts, their sign-in links and welcome-mail jobs are written in the
   * caller's transaction: they exist only if it commits (and a failure throws, to roll it back).
   */
  createLearners(
    companyId: number,
    learners: { name: string; email: string | null }[],
    options?: { purchased?: boolean; transaction?: PortTransaction },
  ): Promise<
    ({ ok: true; user: UserSummary & { loginCode: string } } | { ok: false; name: string; email: string | null; reason: string })[]
  >;
  /**
   * Of these users, the learners with an email who never got a welcome mail (nor a password, nor
   * ever signed in) get it now — e.g. created before the welcome was queued with the account.
   * Returns how many were queued. `transaction` as for createLearners.
   */
  sendMissingWelcomes(userIds: number[], options?: { transaction?: PortTransaction }): Promise<number>;
  /** The depots of a company (companies whose parent it is), by name. */
  companyDepots(companyId: number): Promise<CompanySummary[]>;
  /**
   * Who gets a learner's certificate by mail when they pass: the company's `send_certificate`
   * setting and its managers' emails (none when the company is unknown).
   */
  certificateRecipients(companyId: number): Promise<{ sendCertificate: boolean; managerEmails: string[] }>;
  /** Login codes of these users (null for none), one entry per id asked about. */
  loginCodes(userIds: number[]): Promise<{ userId: number; loginCode: string | null }[]>;
  /**
   * Name, email and login code of these users, in no particular order; unknown ids are left out.
   * One plain read for exports of many rows (usersByIds and loginCodes together, no entities).
   */
  userLabels(ids: number[]): Promise<UserLabel[]>;
  /**
   * Single-use sign-in links for these users (reminder mails), valid `ttlDays` days: one entry per
   * known id, with the user's name and email (null: cannot be mailed) and login code.
   */
  signInLinks(
    userIds: number[],
    ttlDays: number,
  ): Promise<{ userId: number; name: string; email: string | null; loginCode: string | null; url: string }[]>;
  /**
   * Edits a learner of a company (or its depots): name, email (null clears it) and the company or
   * depot they belong to. A used email or an unknown learner fails with field errors.
   */
  updateLearner(
    userId: number,
    changes: { name: string; email: string | null; companyId: number },
  ): Promise<{ ok: true; user: UserSummary } | { ok: false; errors: Record<string, string[]> }>;
  /** The managers of these companies (each manager's own company id, no depot climbing), for notification mail. */
  managersOf(companyIds: number[]): Promise<UserSummary[]>;
  /** The companies (depots included) whose notification setting is on (account settings). */
  companiesWithSetting(setting: NotificationSetting): Promise<CompanySummary[]>;
}

/** What a report row shows of a learner. */
export interface UserLabel {
  id: number;
  name: string;
  email: string | null;
  loginCode: string | null;
}

/** A company's notification settings (the account page's checkboxes). */
export type NotificationSetting = 'send_certificate' | 'send_report' | 'send_expiry_report';

/** A company as the other services need it. */
export interface CompanySummary {
  id: number;
  name: string;
  parentId: number | null;
  email: string | null;
}
