import { AppError, hashPassword, verifyPassword, type Em } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { findUserByEmail, findUserByLoginCode } from '../../data/user.repository';

// Verified against when the email is unknown, so a wrong email costs as much as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no user has this password'));

const WRONG_CREDENTIALS = 'These credentials do not match our records.';

/** Finds the user for an email and password, or for a login code; throws 401 otherwise. */
export async function signIn(em: Em, input: { email?: string; password?: string; login_code?: string }): Promise<IUser> {
  if (input.login_code) {
    const user = await findUserByLoginCode(em, input.login_code.trim().toUpperCase());
    if (!user) throw new AppError('unauthenticated', 'That login code is not valid.');
    return user;
  }
  const email = (input.email ?? '').trim().toLowerCase();
  const user = await findUserByEmail(em, email);
  const isValid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password ?? '');
  if (!user || !user.passwordHash || !isValid) throw new AppError('unauthenticated', WRONG_CREDENTIALS);
  return user;
}

export function landingPathFor(role: IUser['role']): string {
  return role === 'admin' ? '/admin' : '/';
}
