import { USER_MESSAGES, type userCreateBodySchema, type userUpdateBodySchema } from '@portal/contracts';
import { forbidden, hashPassword, notFound, validationError, type Em, type EnrolmentPort, type Principal } from '@portal/service-kit';
import type { z } from 'zod';
import { User, type IUser } from './user.entity';
import { Company } from '../companies/company.entity';
import { Session } from '../sessions/session.entity';
import { deleteTokensOfUsers } from '../auth/user-tokens';
import { requireEnrolment } from '../companies/company.repository';
import { assertUniqueIdentity, generateLoginCode } from './user.repository';

type CreateInput = z.output<typeof userCreateBodySchema>;
type UpdateInput = z.output<typeof userUpdateBodySchema>;

export async function findUserOrFail(em: Em, id: number): Promise<IUser> {
  const user = await em.findOne(User, { id });
  if (!user) throw notFound('That user');
  return user;
}

async function assertCompanyExists(em: Em, companyId: number) {
  if ((await em.count(Company, { id: companyId })) === 0) throw validationError({ company_id: ['That company does not exist.'] });
}

export async function createUser(em: Em, input: CreateInput): Promise<IUser> {
  await assertCompanyExists(em, input.company_id);
  await assertUniqueIdentity(em, { email: input.email ?? null, loginCode: input.login_code ?? null });
  // A learner signs in with a code when they have no password: give them one.
  const loginCode = input.login_code ?? (input.role === 'learner' ? await generateLoginCode(em) : null);
  const user = em.create(User, {
    name: input.name,
    email: input.email ?? null,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    loginCode,
    companyId: input.company_id,
    role: input.role,
    wpUser: false,
  } as never);
  await em.flush();
  return user;
}

/**
 * PATCH /api/user/{id}. Admins edit any field; a learner may change only their own name (the name
 * confirmation before a course starts).
 */
export async function updateUser(em: Em, principal: Principal, id: number, input: UpdateInput): Promise<IUser> {
  if (principal.role !== 'admin') {
    const otherFields = Object.entries(input).filter(([key, value]) => key !== 'name' && value !== undefined);
    if (id !== principal.userId || otherFields.length > 0) throw forbidden(USER_MESSAGES.ownNameOnly);
  }
  const user = await findUserOrFail(em, id);
  if (input.role !== undefined && user.role === 'admin') throw validationError({ role: ['An administrator’s role cannot be changed here.'] });
  if (input.company_id !== undefined) await assertCompanyExists(em, input.company_id);
  await assertUniqueIdentity(em, { email: input.email ?? null, loginCode: input.login_code ?? null }, user.id);

  const email = input.email !== undefined ? input.email : (user.email ?? null);
  const role = input.role ?? user.role;
  if (role === 'manager' && !email) throw validationError({ email: [USER_MESSAGES.managerNeedsEmail] });

  if (input.name !== undefined) user.name = input.name;
  if (input.email !== undefined) user.email = input.email;
  if (input.login_code !== undefined) user.loginCode = input.login_code;
  if (input.company_id !== undefined) user.companyId = input.company_id;
  if (input.role !== undefined) user.role = input.role;
  const isPasswordChanged = !!input.password;
  if (input.password) user.passwordHash = await hashPassword(input.password);
  await em.flush();
  // A password set by an admin ends the user's sessions (never the admin's own current one).
  if (isPasswordChanged) await em.nativeDelete(Session, { userId: user.id, id: { $ne: principal.sessionId } });
  return user;
}

export async function changeUserCompany(em: Em, id: number, companyId: number): Promise<IUser> {
  const user = await findUserOrFail(em, id);
  await assertCompanyExists(em, companyId);
  user.companyId = companyId;
  await em.flush();
  return user;
}

/** Deletes a user; their enrolments go through enrolment's port. */
export async function deleteUser(em: Em, enrolment: EnrolmentPort | undefined, principal: Principal, id: number): Promise<void> {
  const port = requireEnrolment(enrolment);
  if (id === principal.userId) throw forbidden('You cannot delete your own account.');
  await findUserOrFail(em, id);
  await em.transactional(async (tx) => {
    await port.removeEnrollmentsOfUsers(tx, [id]);
    await tx.nativeDelete(Session, { userId: id });
    await deleteTokensOfUsers(tx, [id]);
    await tx.nativeDelete(User, { id });
  });
}

/** The admin's session acts for the company until un-mimic (the admin keeps their role and home company). */
export async function mimicCompany(em: Em, principal: Principal, companyId: number): Promise<void> {
  if ((await em.count(Company, { id: companyId })) === 0) throw validationError({ company_id: ['That company does not exist.'] });
  await em.nativeUpdate(Session, { id: principal.sessionId }, { mimicCompanyId: companyId });
}

export async function unMimicCompany(em: Em, principal: Principal): Promise<void> {
  await em.nativeUpdate(Session, { id: principal.sessionId }, { mimicCompanyId: null });
}
