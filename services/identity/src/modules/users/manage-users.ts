import { randomInt } from 'node:crypto';
import { USER_MESSAGES, type userCreateBodySchema, type userUpdateBodySchema } from '@portal/contracts';
import { forbidden, hashPassword, notFound, validationError, type Em, type EnrolmentPort, type Principal } from '@portal/service-kit';
import type { z } from 'zod';
import { User, type IUser } from './user.entity';
import { deleteUsers, findUser, isEmailTaken, isLoginCodeTaken } from './user.repository';
import { deleteOtherSessions, deleteSessionsOfUsers, setMimicCompany } from '../sessions/session.repository';
import { deleteTokensOfUsers } from '../auth/user-token.repository';
import { deleteSignInsOfUsers } from '../learner-account/sign-in-record.repository';
import { companyExists } from '../companies/company.repository';

type CreateInput = z.output<typeof userCreateBodySchema>;
type UpdateInput = z.output<typeof userUpdateBodySchema>;

export async function findUserOrFail(em: Em, id: number): Promise<IUser> {
  const user = await findUser(em, id);
  if (!user) throw notFound('That user');
  return user;
}

async function assertCompanyExists(em: Em, companyId: number) {
  if (!(await companyExists(em, companyId))) throw validationError({ company_id: ['That company does not exist.'] });
}

/** Email and login code are unique; the errors land under their fields. */
export async function assertUniqueIdentity(em: Em, input: { email?: string | null; loginCode?: string | null }, exceptUserId?: number) {
  const errors: Record<string, string[]> = {};
  if (input.email && (await isEmailTaken(em, input.email, exceptUserId))) errors.email = [USER_MESSAGES.emailTaken];
  if (input.loginCode && (await isLoginCodeTaken(em, input.loginCode, exceptUserId))) errors.login_code = [USER_MESSAGES.loginCodeTaken];
  if (Object.keys(errors).length) throw validationError(errors);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh login code: 8 characters without look-alikes (0/O, 1/I), unique. */
export async function generateLoginCode(em: Em): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    if (!(await isLoginCodeTaken(em, code))) return code;
  }
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
  });
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
  if (isPasswordChanged) await deleteOtherSessions(em, user.id, principal.sessionId);
  return user;
}

export async function changeUserCompany(em: Em, id: number, companyId: number): Promise<IUser> {
  const user = await findUserOrFail(em, id);
  await assertCompanyExists(em, companyId);
  user.companyId = companyId;
  await em.flush();
  return user;
}

/** Deletes a user; their enrolments go first, through enrolment's port (it commits on its own). */
export async function deleteUser(em: Em, enrolment: EnrolmentPort, principal: Principal, id: number): Promise<void> {
  if (id === principal.userId) throw forbidden('You cannot delete your own account.');
  await findUserOrFail(em, id);
  await enrolment.removeEnrollmentsOf({ userIds: [id] });
  await em.transactional(async (tx) => {
    await deleteSessionsOfUsers(tx, [id]);
    await deleteTokensOfUsers(tx, [id]);
    await deleteSignInsOfUsers(tx, [id]);
    await deleteUsers(tx, [id]);
  });
}

/** The admin's session acts for the company until un-mimic (the admin keeps their role and home company). */
export async function mimicCompany(em: Em, principal: Principal, companyId: number): Promise<void> {
  await assertCompanyExists(em, companyId);
  await setMimicCompany(em, principal.sessionId, companyId);
}

export async function unMimicCompany(em: Em, principal: Principal): Promise<void> {
  await setMimicCompany(em, principal.sessionId, null);
}
