import { randomBytes } from 'node:crypto';
import type { Role } from '@portal/contracts';
import { hashPassword, type Em } from '@portal/service-kit';
import { Company, type ICompany } from '../data/company.entity';
import { User, type IUser } from '../data/user.entity';
import { createSession } from '../data/session.repository';

export const unique = () => randomBytes(4).toString('hex');

/** Factories make unique rows, so tests never depend on each other's data. */
export async function makeCompany(
  em: Em,
  input: { name?: string; parentId?: number | null; email?: string | null } = {},
): Promise<ICompany> {
  const company = em.create(Company, {
    name: input.name ?? `Company ${unique()}`,
    parentId: input.parentId ?? null,
    email: input.email ?? null,
  });
  await em.flush();
  return company;
}

/** A user; the email is unique unless given (null: none). A password is hashed as sign-in checks it. */
export async function makeUser(
  em: Em,
  input: {
    role: Role;
    companyId: number;
    name?: string;
    email?: string | null;
    password?: string | null;
    loginCode?: string | null;
    wpUser?: boolean;
    welcomed?: boolean;
  },
): Promise<IUser> {
  const user = em.create(User, {
    name: input.name ?? `${input.role} ${unique()}`,
    email: input.email === undefined ? `${input.role}-${unique()}@example.test` : input.email,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    loginCode: input.loginCode ?? null,
    companyId: input.companyId,
    role: input.role,
    wpUser: input.wpUser ?? false,
    // As if welcomed when made (sendMissingWelcomes leaves them alone) unless a test says otherwise.
    welcomedAt: input.welcomed === false ? null : new Date(),
  });
  await em.flush();
  return user;
}

/** A session for the user, as sign-in makes it: the token to send as the session cookie. */
/** A session made now, or at `now` (a test's clock: the session's expiry follows it). */
export function makeSession(em: Em, userId: number, now?: Date): Promise<string> {
  return createSession(em, { userId, now });
}
