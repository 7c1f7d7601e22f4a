import type { Em } from '@portal/service-kit';
import { User } from '../../data/user.entity';

// The learners's raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The ids of the users with these login codes (unique): read back after an insert, the same on every driver. */
export function usersWithLoginCodes(tx: Em, codes: string[]) {
  return tx
    .createQueryBuilder(User)
    .select(['id', 'loginCode'])
    .where({ loginCode: { $in: codes } })
    .execute<{ id: number; loginCode: string }[]>('all');
}
