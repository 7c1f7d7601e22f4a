import { anonymisedName, LEARNER_ADMIN_MESSAGES } from '@portal/contracts';
import {
  auditActorOf,
  canActForCompany,
  forbidden,
  notFound,
  validationError,
  type Em,
  type ServiceDeps,
  type Principal,
} from '@portal/service-kit';
import { findUser } from '../../data/user.repository';
import { deleteSessionsOfUsers } from '../../data/session.repository';
import { deleteTokensOfUsers } from '../../data/user-token.repository';
import { deleteSignInsOfUsers } from '../../data/sign-in-record.repository';

/**
 * GDPR erasure of a learner (issue 12 item 8). Removed: name (a placeholder instead), email,
 * login code, password, sign-in history, sessions and emailed links, and — through enrolment's
 * port — the SCORM suspend data. Kept: the account row (ids the records point at), its company,
 * enrolments, results, certificates (verify then shows no name) and the credit ledger.
 * An admin, or a manager of the learner's company or its parent (another company's learner: 403,
 * as identity's other routes answer).
 */
export async function anonymiseLearner(
  em: Em,
  deps: Pick<ServiceDeps, 'identity' | 'enrolment' | 'audit' | 'now'>,
  principal: Principal,
  userId: number,
): Promise<{ id: number; name: string }> {
  const user = await findUser(em, userId);
  if (!user) throw notFound('That learner');
  if (!(await canActForCompany(deps.identity, principal, user.companyId)))
    throw forbidden('You can only anonymise learners of your own company.');
  if (user.role !== 'learner') throw forbidden(LEARNER_ADMIN_MESSAGES.onlyLearners);
  if (user.anonymisedAt)
    throw validationError({ id: [LEARNER_ADMIN_MESSAGES.alreadyAnonymised] }, LEARNER_ADMIN_MESSAGES.alreadyAnonymised);
  // Enrolment's part first, committed on its own (ports are never called inside a transaction);
  // doing it again is harmless if identity's part then fails.
  const { clearedSuspendData } = await deps.enrolment.anonymiseLearner(user.id);
  const now = deps.now();
  await em.transactional(async (tx) => {
    const row = await findUser(tx, user.id);
    if (!row) throw notFound('That learner');
    row.name = anonymisedName(row.id);
    row.email = null;
    row.loginCode = null;
    row.passwordHash = null;
    row.anonymisedAt = now;
    row.updatedAt = now;
    await deleteSessionsOfUsers(tx, [row.id]);
    await deleteTokensOfUsers(tx, [row.id]);
    await deleteSignInsOfUsers(tx, [row.id]);
    await deps.audit.record(
      {
        actor: auditActorOf(principal),
        action: 'user.anonymised',
        companyId: row.companyId,
        subject: { type: 'user', id: row.id },
        details: { cleared_suspend_data: clearedSuspendData },
      },
      { em: tx },
    );
  });
  return { id: user.id, name: anonymisedName(user.id) };
}
