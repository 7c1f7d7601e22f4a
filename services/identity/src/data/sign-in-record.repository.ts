import type { SignInMethod } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { SignInRecord, type ISignInRecord } from './sign-in-record.entity';

/** How many sign-ins of a user are kept: enough history to notice a stranger, no more. */
export const SIGN_INS_KEPT = 20;

/** Records a sign-in and forgets the user's older ones beyond SIGN_INS_KEPT. */
export async function recordSignIn(em: Em, userId: number, method: SignInMethod, now: Date): Promise<void> {
  em.create(SignInRecord, { userId, method, createdAt: now });
  await em.flush();
  const kept = await em.find(SignInRecord, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SIGN_INS_KEPT, fields: ['id'] });
  if (kept.length === SIGN_INS_KEPT) await em.nativeDelete(SignInRecord, { userId, id: { $nin: kept.map((r) => r.id) } });
}

/** A user's sign-ins, newest first. */
export function signInsOf(em: Em, userId: number, limit = SIGN_INS_KEPT): Promise<ISignInRecord[]> {
  return em.find(SignInRecord, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
}

export async function deleteSignInsOfUsers(em: Em, userIds: number[]): Promise<void> {
  if (userIds.length) await em.nativeDelete(SignInRecord, { userId: { $in: userIds } });
}
