import { randomBytes } from 'node:crypto';
import {
  COMPANY_MESSAGES,
  type companyCreateBodySchema,
  type companyUpdateBodySchema,
  type depotUpdateBodySchema,
  DEFAULT_COMPANY_ID,
} from '@portal/contracts';
import {
  forbidden,
  hashPassword,
  notFound,
  validationError,
  type CreditActor,
  type Em,
  type EnrolmentPort,
  type Principal,
} from '@portal/service-kit';
import type { z } from 'zod';
import { Company, type ICompany } from '../../data/company.entity';
import { User } from '../../data/user.entity';
import { companyExists, deleteCompanies, depotsOf, findCompany, findDepot, hasDepots } from '../../data/company.repository';
import { deleteUsers, isEmailTaken, userIdsOfCompanies } from '../../data/user.repository';
import { deleteSessionsOfUsers, stopMimicking } from '../../data/session.repository';
import { deleteTokensOfUsers } from '../../data/user-token.repository';
import { deleteSignInsOfUsers } from '../../data/sign-in-record.repository';

type CreateInput = z.output<typeof companyCreateBodySchema>;
type UpdateInput = z.output<typeof companyUpdateBodySchema>;
type DepotInput = z.output<typeof depotUpdateBodySchema>;

/** A company a user is put in must exist (the error lands under the field). */
export async function assertCompanyExists(em: Em, companyId: number) {
  if (!(await companyExists(em, companyId))) throw validationError({ company_id: ['That company does not exist.'] });
}

export async function findCompanyOrFail(em: Em, id: number): Promise<ICompany> {
  const company = await findCompany(em, id);
  if (!company) throw notFound('That company');
  return company;
}

/** A password shown once to the admin: 16 characters from an unambiguous alphabet. */
function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}

async function assertParent(em: Em, parentId: number | null | undefined, selfId?: number) {
  if (parentId == null) return;
  const parent = await findCompany(em, parentId);
  // Depots are one level deep: a depot's parent is a top-level company, never itself.
  if (!parent || parent.parentId != null || parent.id === selfId)
    throw validationError({ parent_id: ['Choose a top-level company as the parent.'] });
  if (selfId && (await hasDepots(em, selfId))) throw validationError({ parent_id: ['A company with depots cannot become a depot.'] });
}

/**
 * POST /api/company/createCompanyAndUser: the company and its manager, whose password is returned
 * once. The opening balance goes to enrolment after the company is committed.
 */
export async function createCompanyAndUser(em: Em, enrolment: EnrolmentPort, principal: Principal, input: CreateInput) {
  if (await isEmailTaken(em, input.manager_email)) {
    throw validationError({ manager_email: [COMPANY_MESSAGES.emailTaken] }, COMPANY_MESSAGES.emailTaken);
  }
  await assertParent(em, input.parent_id);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const company = await em.transactional(async (tx) => {
    const created = tx.create(Company, {
      name: input.name,
      email: input.email ?? input.manager_email,
      managerName: input.manager_name,
      managerEmail: input.manager_email,
      parentId: input.parent_id ?? null,
    });
    await tx.flush();
    tx.create(User, {
      name: input.manager_name,
      email: input.manager_email,
      passwordHash,
      loginCode: null,
      companyId: created.id,
      role: 'manager',
      wpUser: false,
    });
    await tx.flush();
    return created;
  });
  if (input.credit_balance)
    await enrolment.setCreditBalance(company.id, input.credit_balance, 'Opening balance set by an administrator', actorOf(principal));
  return { company, password };
}

const actorOf = (principal: Principal): CreditActor => ({ userId: principal.userId, name: principal.name });

/**
 * An admin's change of a balance is a ledger adjustment and needs a reason: the balance to set
 * (with the reason and who) when credit_balance is sent and differs from the current one, null
 * when nothing changes. Checked before anything is saved.
 */
async function balanceChange(
  enrolment: EnrolmentPort,
  companyId: number,
  input: { credit_balance?: number; credit_reason?: string | null },
) {
  if (input.credit_balance === undefined) return null;
  const [current] = await enrolment.creditBalances([companyId]);
  if ((current?.balance ?? 0) === input.credit_balance) return null;
  if (!input.credit_reason) throw validationError({ credit_reason: [COMPANY_MESSAGES.creditReasonRequired] });
  return { balance: input.credit_balance, note: input.credit_reason };
}

export async function updateCompany(
  em: Em,
  enrolment: EnrolmentPort,
  principal: Principal,
  id: number,
  input: UpdateInput,
): Promise<ICompany> {
  const company = await findCompanyOrFail(em, id);
  if (input.parent_id !== undefined) await assertParent(em, input.parent_id, company.id);
  const change = await balanceChange(enrolment, company.id, input);
  if (input.name !== undefined) company.name = input.name;
  if (input.email !== undefined) company.email = input.email;
  if (input.manager_name !== undefined) company.managerName = input.manager_name;
  if (input.manager_email !== undefined) company.managerEmail = input.manager_email;
  if (input.parent_id !== undefined) company.parentId = input.parent_id;
  await em.flush();
  if (change) await enrolment.setCreditBalance(company.id, change.balance, change.note, actorOf(principal));
  return company;
}

export async function findDepotOrFail(em: Em, companyId: number, depotId: number): Promise<ICompany> {
  const depot = await findDepot(em, companyId, depotId);
  if (!depot) throw notFound('That depot');
  return depot;
}

export async function updateDepot(
  em: Em,
  enrolment: EnrolmentPort,
  edit: { principal: Principal; companyId: number; depotId: number; input: DepotInput },
): Promise<ICompany> {
  const { principal, companyId, depotId, input } = edit;
  const depot = await findDepotOrFail(em, companyId, depotId);
  const change = await balanceChange(enrolment, depot.id, input);
  depot.name = input.name;
  if (input.email !== undefined) depot.email = input.email;
  if (input.manager_name !== undefined) depot.managerName = input.manager_name;
  if (input.manager_email !== undefined) depot.managerEmail = input.manager_email;
  await em.flush();
  if (change) await enrolment.setCreditBalance(depot.id, change.balance, change.note, actorOf(principal));
  return depot;
}

/**
 * Deletes a company with its depots, their users and sessions, and — through enrolment's port,
 * never its tables — the enrolments of those users and companies (spec §8's cascade warning).
 */
export async function deleteCompanyTree(em: Em, enrolment: EnrolmentPort, companyId: number, actingUserId: number): Promise<void> {
  if (companyId === DEFAULT_COMPANY_ID) throw forbidden('The default company cannot be deleted.');
  const depots = await depotsOf(em, companyId);
  const companyIds = [companyId, ...depots.map((d) => d.id)];
  const userIds = await userIdsOfCompanies(em, companyIds);
  if (userIds.includes(actingUserId)) throw forbidden('You cannot delete the company your own account belongs to.');
  // Enrolment removes them first and commits on its own (ports are called outside transactions).
  await enrolment.removeEnrolmentsOf({ userIds, companyIds });
  await em.transactional(async (tx) => {
    await deleteSessionsOfUsers(tx, userIds);
    await deleteTokensOfUsers(tx, userIds);
    await deleteSignInsOfUsers(tx, userIds);
    await deleteUsers(tx, userIds);
    // Admins mimicking a deleted company stop mimicking it.
    await stopMimicking(tx, companyIds);
    await deleteCompanies(tx, companyIds);
  });
}
