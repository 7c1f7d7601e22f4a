import {
  ACCOUNT_MESSAGES,
  accountDepotDelete,
  accountDepotUpdate,
  accountGet,
  accountLogin,
  accountLogo,
  accountNotifications,
  accountPasswordLink,
  companyLogo,
} from '@portal/contracts';
import { auditActorOf, clientAddress, createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { deleteCompanyTree } from '../companies/manage-companies';
import {
  findOwnDepot,
  readAccount,
  readLogo,
  requestOwnPasswordLink,
  updateLoginDetails,
  updateNotifications,
  updateOwnDepot,
  uploadLogo,
} from './account';

/** The account area (/account) of managers, and of admins for the company they act for. */
export function accountRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(accountGet, async ({ em, principal }) => readAccount(em, principal))
    .handle(accountLogin, async ({ em, principal, body }) => {
      await updateLoginDetails(em, deps.mailer, principal, body, deps.now());
      return { success: true as const, message: ACCOUNT_MESSAGES.loginUpdated };
    })
    .handle(accountPasswordLink, async ({ c, em, principal }) => {
      await requestOwnPasswordLink({ em, jobs: deps.jobs, address: clientAddress(c, deps.env), now: deps.now() }, principal);
      return { success: true as const, message: ACCOUNT_MESSAGES.passwordLinkSent };
    })
    .handle(accountNotifications, async ({ em, principal, body }) => {
      await updateNotifications(em, principal, body);
      await deps.audit.record({
        actor: auditActorOf(principal),
        action: 'settings.changed',
        companyId: principal.companyId,
        subject: { type: 'company', id: principal.companyId },
        details: { ...body },
      });
      return { success: true as const, message: ACCOUNT_MESSAGES.notificationsUpdated };
    })
    .handle(accountLogo, async ({ em, principal, body }) => {
      const logoUrl = await uploadLogo(em, deps.storage, principal, body.logo);
      return { success: true as const, message: ACCOUNT_MESSAGES.logoUpdated, logo_url: logoUrl };
    })
    .handle(accountDepotUpdate, async ({ em, principal, params, body }) => {
      const depot = await updateOwnDepot(em, principal, params.id, body);
      return {
        success: true as const,
        message: ACCOUNT_MESSAGES.depotUpdated,
        data: { id: depot.id, name: depot.name, email: depot.email ?? null },
      };
    })
    .handle(accountDepotDelete, async ({ em, principal, params }) => {
      const depot = await findOwnDepot(em, principal, params.id);
      await deleteCompanyTree(em, deps.enrolment, depot.id, principal.userId);
      await deps.audit.record({
        actor: auditActorOf(principal),
        action: 'company.deleted',
        companyId: principal.companyId,
        subject: { type: 'company', id: depot.id },
        details: { name: depot.name },
      });
      return { success: true as const, message: ACCOUNT_MESSAGES.depotDeleted };
    })
    .handle(companyLogo, async ({ c, em, params }) => {
      const logo = await readLogo(em, deps.storage, params.companyId);
      // Other pages may show the logo for up to 5 minutes after a change (spec §9).
      c.header('Cache-Control', 'private, max-age=300');
      c.header('Content-Type', logo.contentType);
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(logo.bytes);
    }).app;
}
