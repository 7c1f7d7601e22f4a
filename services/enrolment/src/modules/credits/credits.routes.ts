import { creditBalance, creditLedger, CREDIT_MESSAGES, creditSources, creditTransfer } from '@portal/contracts';
import { createServiceRouter, mapPage, type ServiceDeps } from '@portal/service-kit';
import { creditBalanceOf, listLedger } from './credit.repository';
import { actorOf, creditSourcesOf, toLedgerItems } from './credit-sources';
import { transferCredits } from './transfer-credits';

export function creditRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(creditBalance, async ({ em, principal }) => ({
      credit_balance: await creditBalanceOf(em, principal.companyId),
    }))
    .handle(creditLedger, async ({ c, em, params, query }) =>
      mapPage(await listLedger(em, params.companyId, query, c.req.url), (rows) => toLedgerItems(deps.identity, rows)),
    )
    .handle(creditSources, async ({ em, params }) => ({ data: await creditSourcesOf(em, deps.identity, params.companyId) }))
    .handle(creditTransfer, async ({ em, params, body, principal }) => {
      const result = await transferCredits(em, deps.identity, {
        fromCompanyId: params.companyId,
        depotId: body.depot_id,
        amount: body.amount,
        reason: body.reason,
        actor: actorOf(principal),
        at: deps.now(),
      });
      await deps.audit.record({
        actor: { ...actorOf(principal), role: principal.role },
        action: 'credits.changed',
        companyId: params.companyId,
        subject: { type: 'company', id: body.depot_id },
        details: { kind: 'transfer', amount: body.amount, to_company_id: body.depot_id, reason: body.reason ?? null },
      });
      return { success: true as const, message: CREDIT_MESSAGES.transferred, balance: result.balance, depot_balance: result.depotBalance };
    }).app;
}
