import { hashPassword, type Em, type Mailer } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { assertUniqueIdentity } from './unique-identity';
import { deleteOtherSessions } from '../../data/session.repository';
import { deleteUnusedTokensOfUser } from '../../data/user-token.repository';
import { tellOldAddress, tellPasswordChanged } from './credential-mail';

/**
 * The one credential change (the account page's and the learner account's): a new email must be
 * free; a new password is hashed and ends the caller's other sessions; either voids the emailed
 * links not used yet (they went to the old address or predate the change); the old address is told
 * of a new email and the account's address of a new password. The caller has proven the current
 * password; other edits it made on `user` are saved with it.
 */
export async function changeCredentials(
  em: Em,
  mailer: Mailer,
  user: IUser,
  change: { email: string; password?: string | null | undefined; keepSessionId: string },
): Promise<void> {
  const oldEmail = user.email ?? null;
  const isEmailChange = change.email !== oldEmail;
  if (isEmailChange) await assertUniqueIdentity(em, { email: change.email }, user.id);
  user.email = change.email;
  if (change.password) user.passwordHash = await hashPassword(change.password);
  await em.flush();
  if (change.password) await deleteOtherSessions(em, user.id, change.keepSessionId);
  if (isEmailChange || change.password) await deleteUnusedTokensOfUser(em, user.id);
  if (isEmailChange) tellOldAddress(mailer, user, oldEmail, change.email);
  if (change.password) tellPasswordChanged(mailer, user);
}

/** Opening a set-up link: the address must still be free; the old one (if any) is told. */
export async function adoptSetUpEmail(em: Em, mailer: Mailer | undefined, user: IUser, email: string): Promise<void> {
  await assertUniqueIdentity(em, { email }, user.id);
  const oldEmail = user.email ?? null;
  user.email = email;
  await em.flush();
  if (mailer) tellOldAddress(mailer, user, oldEmail, email);
}
