import { USER_MESSAGES } from '@portal/contracts';
import { validationError, type Em } from '@portal/service-kit';
import { isEmailTaken, isLoginCodeTaken } from '../../data/user.repository';

/** Email and login code are unique; the errors land under their fields. */
export async function assertUniqueIdentity(em: Em, input: { email?: string | null; loginCode?: string | null }, exceptUserId?: number) {
  const errors: Record<string, string[]> = {};
  if (input.email && (await isEmailTaken(em, input.email, exceptUserId))) errors.email = [USER_MESSAGES.emailTaken];
  if (input.loginCode && (await isLoginCodeTaken(em, input.loginCode, exceptUserId))) errors.login_code = [USER_MESSAGES.loginCodeTaken];
  if (Object.keys(errors).length) throw validationError(errors);
}
