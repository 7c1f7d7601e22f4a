import { PEOPLE_MESSAGES, type personUpdateBodySchema } from '@portal/contracts';
import { AppError, auditActorOf, forbidden, validationError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { z } from 'zod';
import type { IUser } from '../../data/user.entity';
import { deleteUsers, findUser } from '../../data/user.repository';
import { companyAndDepotIds } from '../../data/employee.repository';
import { deleteSessionsOfUsers } from '../../data/session.repository';
import { deleteTokensOfUsers } from '../../data/user-token.repository';
import { deleteSignInsOfUsers } from '../../data/sign-in-record.repository';
import { assertUniqueIdentity } from '../credentials/unique-identity';
import { generateLoginCode } from '../users/manage-users';
import { moveUser } from '../moves/move-learners';

type UpdateInput = z.output<typeof personUpdateBodySchema>;
type Deps = Pick<ServiceDeps, 'enrolment' | 'audit' | 'now'>;

/**
 * The learner the People page names: one of the company's or its depots' learners. Anyone else
 * (another company's user, an id that does not exist) is "not found", so nothing is revealed; a
 * manager or admin of this company is refused (the page manages learners only).
 */
export async function findPerson(em: Em, companyId: number, userId: number): Promise<IUser> {
  const user = await findUser(em, userId);
  if (!user || !(await companyAndDepotIds(em, companyId)).includes(user.companyId))
    throw new AppError('not_found', PEOPLE_MESSAGES.notFound);
  if (user.role !== 'learner') throw forbidden(PEOPLE_MESSAGES.notALearner);
  return user;
}

/** A person who can still be changed: not anonymised (their row only keeps their records' ids). */
async function findChangeablePerson(em: Em, companyId: number, userId: number): Promise<IUser> {
  const user = await findPerson(em, companyId, userId);
  if (user.anonymisedAt) throw validationError({ id: [PEOPLE_MESSAGES.anonymised] }, PEOPLE_MESSAGES.anonymised);
  return user;
}

/** The company ids the depot filter may name: the company and its depots; another id is a 422. */
export async function companiesInView(em: Em, companyId: number, depotId: number | undefined): Promise<number[]> {
  const family = await companyAndDepotIds(em, companyId);
  if (depotId === undefined) return family;
  if (!family.includes(depotId)) throw validationError({ depot_id: [PEOPLE_MESSAGES.depotOutside] });
  return [depotId];
}

/**
 * Name, email and depot. A depot change is the rule built for moving learners (moveUser: the
 * enrolments stay with the company that paid, both companies' audit logs say so), limited to the
 * company and its depots.
 */
export async function updatePerson(
  em: Em,
  deps: Deps,
  change: { principal: Principal; companyId: number; userId: number; input: UpdateInput },
) {
  const { principal, companyId, userId, input } = change;
  const user = await findChangeablePerson(em, companyId, userId);
  if (input.company_id !== undefined && !(await companyAndDepotIds(em, companyId)).includes(input.company_id))
    throw validationError({ company_id: [PEOPLE_MESSAGES.depotOutside] });
  if (input.email) await assertUniqueIdentity(em, { email: input.email }, user.id);
  const fields: string[] = [];
  if (input.name !== undefined && input.name !== user.name) fields.push('name');
  if (input.email !== undefined && input.email !== (user.email ?? null)) fields.push('email');
  if (input.name !== undefined) user.name = input.name;
  if (input.email !== undefined) user.email = input.email;
  await em.flush();
  if (fields.length)
    await deps.audit.record({
      actor: auditActorOf(principal),
      action: 'user.updated',
      companyId: user.companyId,
      subject: { type: 'user', id: user.id },
      details: { name: user.name, fields },
    });
  if (input.company_id !== undefined && input.company_id !== user.companyId)
    return moveUser(em, deps, principal, user.id, input.company_id);
  return user;
}

/**
 * A new login code: the old one stops working at once, and the learner's sessions end (a code is
 * renewed because it got out; whoever signed in with it is signed out).
 */
export async function issueNewLoginCode(em: Em, deps: Deps, principal: Principal, companyId: number, userId: number): Promise<IUser> {
  const user = await findChangeablePerson(em, companyId, userId);
  user.loginCode = await generateLoginCode(em);
  await em.flush();
  await deleteSessionsOfUsers(em, [user.id]);
  await deps.audit.record({
    actor: auditActorOf(principal),
    action: 'user.updated',
    companyId: user.companyId,
    subject: { type: 'user', id: user.id },
    details: { name: user.name, fields: ['login_code'] },
  });
  return user;
}

/**
 * Removes a learner who holds no enrolment. One who holds any is a 409: their records (results,
 * certificates, the credits they cost) are kept, so the way out is anonymising them.
 */
export async function removePerson(em: Em, deps: Deps, principal: Principal, companyId: number, userId: number): Promise<void> {
  const user = await findPerson(em, companyId, userId);
  const [held] = await deps.enrolment.enrolmentCounts([user.id]);
  if ((held?.count ?? 0) > 0) throw new AppError('conflict', PEOPLE_MESSAGES.hasEnrolments);
  const { name } = user;
  await em.transactional(async (tx) => {
    await deleteSessionsOfUsers(tx, [user.id]);
    await deleteTokensOfUsers(tx, [user.id]);
    await deleteSignInsOfUsers(tx, [user.id]);
    await deleteUsers(tx, [user.id]);
  });
  await deps.audit.record({
    actor: auditActorOf(principal),
    action: 'user.deleted',
    companyId: user.companyId,
    subject: { type: 'user', id: user.id },
    details: { name },
  });
}
