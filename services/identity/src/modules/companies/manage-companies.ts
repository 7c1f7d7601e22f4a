import { randomBytes } from 'node:crypto';
import { COMPANY_MESSAGES, type companyCreateBodySchema, type companyUpdateBodySchema, type depotUpdateBodySchema } from '@portal/contracts';
import { hashPassword, notFound, validationError, type Em, type EnrolmentPort } from '@portal/service-kit';
import type { z } from 'zod';
import { Company, type ICompany } from './company.entity';
import { User } from '../users/user.entity';
import { findCompanyOrFail, requireEnrolment } from './company.repository';

type CreateInput = z.output<typeof companyCreateBodySchema>;
type UpdateInput = z.output<typeof companyUpdateBodySchema>;
type DepotInput = z.output<typeof depotUpdateBodySchema>;

/** A password shown once to the admin: 16 characters from an unambiguous alphabet. */
function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}

async function assertParent(em: Em, parentId: number | null | undefined, selfId?: number) {
  if (parentId == null) return;
  const parent = await em.findOne(Company, { id: parentId });
  // Depots are one level deep: a depot's parent is a top-level company, never itself.
  if (!parent || parent.parentId != null || parent.id === selfId) throw validationError({ parent_id: ['Choose a top-level company as the parent.'] });
  if (selfId && (await em.count(Company, { parentId: selfId })) > 0) throw validationError({ parent_id: ['A company with depots cannot become a depot.'] });
}

/** POST /api/company/createCompanyAndUser: the company and its manager, whose password is returned once. */
export async function createCompanyAndUser(em: Em, enrolment: EnrolmentPort | undefined, input: CreateInput) {
  if ((await em.count(User, { email: input.manager_email })) > 0) {
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
    } as never);
    await tx.flush();
    tx.create(User, { name: input.manager_name, email: input.manager_email, passwordHash, loginCode: null, companyId: created.id, role: 'manager', wpUser: false } as never);
    await tx.flush();
    if (input.credit_balance) await requireEnrolment(enrolment).setCreditBalance(tx, created.id, input.credit_balance, 'Opening balance set by an administrator');
    return created;
  });
  return { company, password };
}

export async function updateCompany(em: Em, enrolment: EnrolmentPort | undefined, id: number, input: UpdateInput): Promise<ICompany> {
  const company = await findCompanyOrFail(em, id);
  if (input.parent_id !== undefined) await assertParent(em, input.parent_id, company.id);
  if (input.name !== undefined) company.name = input.name;
  if (input.email !== undefined) company.email = input.email;
  if (input.manager_name !== undefined) company.managerName = input.manager_name;
  if (input.manager_email !== undefined) company.managerEmail = input.manager_email;
  if (input.parent_id !== undefined) company.parentId = input.parent_id;
  await em.transactional(async (tx) => {
    await tx.flush();
    if (input.credit_balance !== undefined) await requireEnrolment(enrolment).setCreditBalance(tx, company.id, input.credit_balance, 'Balance set by an administrator');
  });
  return company;
}

export async function findDepotOrFail(em: Em, companyId: number, depotId: number): Promise<ICompany> {
  const depot = await em.findOne(Company, { id: depotId, parentId: companyId });
  if (!depot) throw notFound('That depot');
  return depot;
}

export async function updateDepot(em: Em, enrolment: EnrolmentPort | undefined, companyId: number, depotId: number, input: DepotInput): Promise<ICompany> {
  const depot = await findDepotOrFail(em, companyId, depotId);
  depot.name = input.name;
  if (input.email !== undefined) depot.email = input.email;
  if (input.manager_name !== undefined) depot.managerName = input.manager_name;
  if (input.manager_email !== undefined) depot.managerEmail = input.manager_email;
  await em.transactional(async (tx) => {
    await tx.flush();
    if (input.credit_balance !== undefined) await requireEnrolment(enrolment).setCreditBalance(tx, depot.id, input.credit_balance, 'Balance set by an administrator');
  });
  return depot;
}
