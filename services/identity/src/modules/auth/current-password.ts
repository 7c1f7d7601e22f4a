import { validationError, verifyPassword, type Em } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { countAttempt, LIMITS } from './rate-limit';

export interface CurrentPasswordMessages {
  required: string;
  wrong: string;
  noPasswordYet: string;
}

/**
 * A change of one's own email or password proves the current password (issue 13 item 5), so a
 * session left open or stolen cannot take the account over. Errors go under `current_password`;
 * 5 wrong ones in 15 minutes answer 429 for the rest of the window. An account without a
 * password sets one through an emailed link instead.
 */
export async function assertCurrentPassword(
  em: Em,
  user: IUser,
  given: string | undefined | null,
  now: Date,
  messages: CurrentPasswordMessages,
): Promise<void> {
  if (!user.passwordHash) throw validationError({ current_password: [messages.noPasswordYet] });
  if (!given) throw validationError({ current_password: [messages.required] });
  const limit = LIMITS.currentPassword(user.id);
  const attempt = await countAttempt(em, [limit], now, 'wrong current passwords');
  if (!(await verifyPassword(user.passwordHash, given))) throw validationError({ current_password: [messages.wrong] });
  await attempt.succeeded([limit]);
}
