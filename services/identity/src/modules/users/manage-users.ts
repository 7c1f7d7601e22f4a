import { USER_MESSAGES, type ExistingLearnerInfo, type userCreateBodySchema, type userUpdateBodySchema } from '@portal/contracts';
import {
  canActForCompany,
  forbidden,
  hashPassword,
  notFound,
  single,
  validationError,
  type Em,
  type EnrolmentPort,
  type IdentityPort,
  type Principal,
} from '@portal/service-kit';
import type { z } from 'zod';
import { User, type IUser } from '../../data/user.entity';
import { deleteUsers, findUser, findUserByEmail, isEmailTaken, isLoginCodeTaken } from '../../data/user.repository';
import { assertUniqueIdentity } from '../credentials/unique-identity';
import { deleteOtherSessions, deleteSessionsOfUsers, setMimicCompany } from '../../data/session.repository';
import { deleteTokensOfUsers } from '../../data/user-token.repository';
import { deleteSignInsOfUsers } from '../../data/sign-in-record.repository';
import { findCompany, depotsOf } from '../../data/company.repository';
import { assertCompanyExists } from '../companies/manage-companies';
import { newLoginCodes } from '../credentials/login-codes';

type CreateInput = z.output<typeof userCreateBodySchema>;
type UpdateInput = z.output<typeof userUpdateBodySchema>;

export async function findUserOrFail(em: Em, id: number): Promise<IUser> {
  const user = await findUser(em, id);
  if (!user) throw notFound('That user');
  return user;
}

/** A fresh login code: 8 characters without look-alikes (0/O, 1/I), unique (the same generator as batches). */
export async function generateLoginCode(em: Em): Promise<string> {
  return single(await newLoginCodes(em, 1), 'login code');
}

/** The company and its depots, or a depot's parent and that parent's depots: the family a learner is "already an employee" in. */
export async function familyOf(em: Em, companyId: number): Promise<number[]> {
  const company = await findCompany(em, companyId);
  const top = company?.parentId ?? companyId;
  return [top, ...(await depotsOf(em, top)).map((d) => d.id)];
}

/**
 * The 422 for an email already used. When it is a learner of the same company (or its depots)
 * whom the caller may act for, `additional_info` names them and their courses, so the page can
 * offer to select them; otherwise the same field error and nothing more (another company's
 * learner is not revealed).
 */
async function emailTakenError(
  em: Em,
  ports: CreatePorts,
  taken: { principal: Principal; companyId: number; email: string; errors: Record<string, string[]> },
) {
  const { principal, companyId, email, errors } = taken;
  errors.email = [USER_MESSAGES.emailTaken];
  const existing = await findUserByEmail(em, email);
  const isSameCompany =
    !!existing &&
    existing.role === 'learner' &&
    (await familyOf(em, companyId)).includes(existing.companyId) &&
    (await canActForCompany(ports.identity, principal, existing.companyId));
  if (!existing || !isSameCompany) return validationError(errors, USER_MESSAGES.emailTaken);
  const [courses] = await ports.enrolment.enrolledCourseNames([existing.id]);
  const info: ExistingLearnerInfo = {
    existing_user_id: existing.id,
    existing_user_name: existing.name,
    existing_user_enrollments: courses?.courseNames ?? [],
  };
  return validationError(errors, USER_MESSAGES.emailTaken, info);
}

interface CreatePorts {
  identity: IdentityPort;
  enrolment: EnrolmentPort;
}

/**
 * POST /api/user. Admins add learners or managers to any company; a manager adds learners only,
 * by name and email, to their company or its depots (the kit checked company_id). A learner gets
 * a login code (the caller's or a fresh one).
 */
export async function createUser(em: Em, ports: CreatePorts, principal: Principal, input: CreateInput, now: Date): Promise<IUser> {
  if (principal.role !== 'admin' && (input.role !== 'learner' || input.password || input.login_code))
    throw forbidden(USER_MESSAGES.managerAddsLearners);
  await assertCompanyExists(em, input.company_id);
  const errors: Record<string, string[]> = {};
  if (input.login_code && (await isLoginCodeTaken(em, input.login_code))) errors.login_code = [USER_MESSAGES.loginCodeTaken];
  if (input.email && (await isEmailTaken(em, input.email)))
    throw await emailTakenError(em, ports, { principal, companyId: input.company_id, email: input.email, errors });
  if (Object.keys(errors).length) throw validationError(errors);
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
    createdAt: now,
    updatedAt: now,
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
  // An admin's power over others' accounts is not a way round their own current password.
  if (id === principal.userId && input.email !== undefined && input.email !== (user.email ?? null))
    throw validationError({ email: [USER_MESSAGES.ownSignInOnAccountPage] });
  if (id === principal.userId && input.password) throw validationError({ password: [USER_MESSAGES.ownSignInOnAccountPage] });
  if (input.role !== undefined && user.role === 'admin')
    throw validationError({ role: ['An administrator’s role cannot be changed here.'] });
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

/** Deletes a user; their enrolments go first, through enrolment's port (it commits on its own). */
export async function deleteUser(em: Em, enrolment: EnrolmentPort, principal: Principal, id: number): Promise<void> {
  if (id === principal.userId) throw forbidden('You cannot delete your own account.');
  await findUserOrFail(em, id);
  await enrolment.removeEnrolmentsOf({ userIds: [id] });
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
