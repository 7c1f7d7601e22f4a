import { adminUsers, mimicCompany, unMimicCompany, USER_MESSAGES, userChangeCompany, userCreate, userDelete, userGet, userUpdate } from '@portal/contracts';
import { createServiceRouter, mapPage, type ServiceDeps } from '@portal/service-kit';
import { listUsers } from './user.repository';
import { toAdminUser, toAdminUsers } from './user-views';
import * as manage from './manage-users';
import { sendWelcomeMails } from '../learners/welcome-mail';

export function userRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(adminUsers, async ({ c, em, query }) => mapPage(await listUsers(em, query, c.req.url), (users) => toAdminUsers(em, users)))
    .handle(userGet, async ({ em, params }) => ({ data: await toAdminUser(em, await manage.findUserOrFail(em, params.id)) }))
    .handle(userCreate, async ({ em, principal, body }) => {
      const now = deps.now();
      const user = await manage.createUser(em, deps, principal, body, now);
      // A learner with an email is welcomed after the row commits (queued; the job queue mails it).
      if (user.role === 'learner' && user.email) {
        await sendWelcomeMails({ orm: deps.orm, mailer: deps.mailer, appUrl: deps.env.appUrl, now }, [
          { id: user.id, name: user.name, email: user.email, loginCode: user.loginCode ?? null },
        ]);
      }
      return { success: true as const, message: USER_MESSAGES.created, data: await toAdminUser(em, user) };
    })
    .handle(userUpdate, async ({ em, principal, params, body }) => {
      const user = await manage.updateUser(em, principal, params.id, body);
      return { success: true as const, message: USER_MESSAGES.updated, data: await toAdminUser(em, user) };
    })
    .handle(userChangeCompany, async ({ em, params, body }) => {
      const user = await manage.changeUserCompany(em, params.id, body.company_id);
      return { success: true as const, message: USER_MESSAGES.companyChanged, data: await toAdminUser(em, user) };
    })
    .handle(userDelete, async ({ em, principal, params }) => {
      await manage.deleteUser(em, deps.enrolment, principal, params.id);
      return { success: true as const, message: USER_MESSAGES.deleted };
    })
    .handle(mimicCompany, async ({ em, principal, body }) => {
      await manage.mimicCompany(em, principal, body.company_id);
      return { success: true as const, message: USER_MESSAGES.mimicked };
    })
    .handle(unMimicCompany, async ({ em, principal }) => {
      await manage.unMimicCompany(em, principal);
      return { success: true as const, message: USER_MESSAGES.unmimicked };
    }).app;
}
