import { LEARNER_ADMIN_MESSAGES, type DepotDeletionPreview } from '@portal/contracts';
import { auditActorOf, notFound, validationError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { User, type IUser } from '../../data/user.entity';
import { findCompany } from '../../data/company.repository';
import { findUser } from '../../data/user.repository';
import type { ICompany } from '../../data/company.entity';
import { assertCompanyExists, deleteCompanyTree } from '../companies/manage-companies';

type Deps = Pick<ServiceDeps, 'enrolment' | 'audit' | 'now'>;

/** The user's company changes (the enrolments stay with the company that paid). */
async function changeUserCompany(em: Em, id: number, companyId: number): Promise<IUser> {
  const user = await findUser(em, id);
  if (!user) throw notFound('That user');
  await assertCompanyExists(em, companyId);
  user.companyId = companyId;
  await em.flush();
  return user;
}

/**
 * POST /api/user/{id}/company: the learner belongs to the new company from now on. Their past
 * enrolments, certificates and the credits they cost stay with the company that paid (each
 * enrolment row names its payer in company_id, which a move never touches), so that company's
 * reports keep them; what is bought from now on belongs to the new company.
 */
export async function moveUser(em: Em, deps: Deps, principal: Principal, userId: number, companyId: number): Promise<IUser> {
  // Read before the change: the entity is the same object afterwards.
  const from = (await em.findOne(User, { id: userId }, { fields: ['companyId'] }))?.companyId ?? null;
  const user = await changeUserCompany(em, userId, companyId);
  if (from !== companyId) {
    const details = { from_company_id: from, to_company_id: companyId };
    // Both companies see the move in their audit log.
    await deps.audit.record({
      actor: auditActorOf(principal),
      action: 'user.moved',
      companyId,
      subject: { type: 'user', id: user.id },
      details,
    });
    if (from !== null)
      await deps.audit.record({
        actor: auditActorOf(principal),
        action: 'user.moved',
        companyId: from,
        subject: { type: 'user', id: user.id },
        details,
      });
  }
  return user;
}

async function usersOf(em: Em, companyId: number): Promise<{ learners: number[]; managers: number[] }> {
  const users = await em.find(User, { companyId, role: { $ne: 'admin' } }, { fields: ['id', 'role'] });
  return {
    learners: users.filter((u) => u.role === 'learner').map((u) => u.id),
    managers: users.filter((u) => u.role === 'manager').map((u) => u.id),
  };
}

/** What deleting a depot would take with it, said before it happens. */
export async function depotDeletionPreview(em: Em, deps: Deps, depot: ICompany): Promise<DepotDeletionPreview> {
  const parent = depot.parentId ? await findCompany(em, depot.parentId) : null;
  const { learners, managers } = await usersOf(em, depot.id);
  const enrolments = await deps.enrolment.countEnrolmentsOf({ userIds: [...learners, ...managers], companyIds: [depot.id] });
  return {
    depot: { id: depot.id, name: depot.name },
    parent: parent ? { id: parent.id, name: parent.name } : null,
    learners: learners.length,
    managers: managers.length,
    enrollments: enrolments,
  };
}

/**
 * Deletes a depot without losing its learners: they move to the parent company with their
 * enrolments (the depot, their payer, is going, so the parent becomes it) and the depot's
 * remaining credits; then the depot goes with its managers (a depot manager does not become a
 * manager of the parent). Steps commit one by one (ports are called outside transactions).
 */
export async function moveDepotLearnersToParent(
  em: Em,
  deps: Deps,
  principal: Principal,
  depot: ICompany,
): Promise<{ movedLearners: number; movedEnrollments: number }> {
  if (!depot.parentId) throw validationError({ id: [LEARNER_ADMIN_MESSAGES.notADepot] }, LEARNER_ADMIN_MESSAGES.notADepot);
  const parentId = depot.parentId;
  const { learners } = await usersOf(em, depot.id);
  if (learners.length) await em.nativeUpdate(User, { id: { $in: learners } }, { companyId: parentId, updatedAt: deps.now() });
  const actor = auditActorOf(principal);
  const { movedEnrollments: movedEnrolments, movedCredits } = await deps.enrolment.moveCompanyRecords(depot.id, parentId, {
    userId: actor.userId,
    name: actor.name,
  });
  await deps.audit.record({
    actor,
    action: 'depot.learners-moved',
    companyId: parentId,
    subject: { type: 'company', id: depot.id },
    details: {
      depot_name: depot.name,
      learners: learners.length,
      learner_ids: learners,
      enrollments: movedEnrolments,
      credits: movedCredits,
    },
  });
  await deleteCompanyTree(em, deps.enrolment, depot.id, principal.userId);
  await deps.audit.record({
    actor,
    action: 'company.deleted',
    companyId: parentId,
    subject: { type: 'company', id: depot.id },
    details: { name: depot.name, learners_moved_to_parent: true },
  });
  return { movedLearners: learners.length, movedEnrollments: movedEnrolments };
}
