import { SIGN_IN_SLIP_MESSAGES } from '@portal/contracts';
import { validationError, type IdentityPort } from '@portal/service-kit';
import { actingScope } from '../enrolment-actions/acting-scope';

/** A learner as a slip (or a row of the codes sheet) prints them. */
export interface SlipLearner {
  userId: number;
  name: string;
  /** Their own company's name: the depot's for a depot learner. */
  companyName: string;
  loginCode: string;
}

export interface SlipSelection {
  /** The learners with a login code, by company then name. */
  learners: SlipLearner[];
  /** How many of the chosen learners have no login code (left out). */
  skipped: number;
}

type Identity = Pick<IdentityPort, 'companyById' | 'companyDepots' | 'usersByIds' | 'loginCodes'>;

/**
 * The chosen learners, read through identity's port and checked before anything is drawn: each id
 * must be a learner of the company or one of its depots. Anything else (an unknown id, another
 * company's user, a manager) is the same 422, so ids cannot be probed.
 */
export async function slipLearners(identity: Identity, companyId: number, userIds: number[]): Promise<SlipSelection> {
  const ids = [...new Set(userIds)];
  const [scope, users, codes] = await Promise.all([actingScope(identity, companyId), identity.usersByIds(ids), identity.loginCodes(ids)]);
  const companies = new Map(scope.companies.map((c) => [c.id, c.name]));
  const learners = users.filter((u) => u.role === 'learner' && companies.has(u.companyId));
  if (learners.length !== ids.length) throw validationError({ user_ids: [SIGN_IN_SLIP_MESSAGES.notFound] }, SIGN_IN_SLIP_MESSAGES.notFound);
  const codeOf = new Map(codes.map((c) => [c.userId, c.loginCode]));
  const printable: SlipLearner[] = [];
  for (const user of learners) {
    const loginCode = codeOf.get(user.id);
    // An anonymised learner's name is a placeholder: no slip for them.
    if (!loginCode || user.anonymised) continue;
    printable.push({ userId: user.id, name: user.name, companyName: companies.get(user.companyId) ?? '', loginCode });
  }
  if (printable.length === 0) throw validationError({ user_ids: [SIGN_IN_SLIP_MESSAGES.noCodes] }, SIGN_IN_SLIP_MESSAGES.noCodes);
  printable.sort((a, b) => a.companyName.localeCompare(b.companyName) || a.name.localeCompare(b.name) || a.userId - b.userId);
  return { learners: printable, skipped: ids.length - printable.length };
}
