import type { Em } from '@portal/service-kit';
import { CreditAccount } from './credit.entity';

export async function creditBalanceOf(em: Em, companyId: number): Promise<number> {
  const account = await em.findOne(CreditAccount, { companyId });
  return account?.balance ?? 0;
}
