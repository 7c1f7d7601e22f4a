import { creditBalance } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { creditBalanceOf } from './credit.repository';

export function creditRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(creditBalance, async ({ em, principal }) => ({
    credit_balance: await creditBalanceOf(em, principal.companyId),
  })).app;
}
