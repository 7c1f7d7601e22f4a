import {
  adminUsers,
  mimicCompany,
  unMimicCompany,
  USER_MESSAGES,
  userChangeCompany,
  userCreate,
  userDelete,
  userGet,
  userUpdate,
} from '@portal/contracts';
import { auditActorOf, createServiceRouter, mapPage, type ServiceDeps } from '@portal/service-kit';
import { listUsers } from '../../data/user.repository';
import { toAdminUser, toAdminUsers } from './user-views';
import * as manage from './manage-users';
import { sendWelcomeMails } from '../learners/welcome-mail';
import { moveUser } from '../moves/move-learners';

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
      // An admin changing someone else's account: which fields (never their values: a password
      // stays out of the log), so the account's owner and other admins can see who did it.
      const fields = Object.entries(body)
        .filter(([key, value]) => value !== undefined && key !== 'course_id' && !(key === 'password' && !value))
        .map(([key]) => key);
      if (params.id !== principal.userId && fields.length) {
        await deps.audit.record({
          actor: auditActorOf(principal),
          action: 'user.updated',
          companyId: user.companyId,
          subject: { type: 'user', id: user.id },
          details: { name: user.name, fields },
        });
      }
      return { success: true as const, message: USER_MESSAGES.updated, data: await toAdminUser(em, user) };
    })
    .handle(userChangeCompany, async ({ em, principal, params, body }) => {
      const user = await moveUser(em, deps, principal, params.id, body.company_id);
      return { success: true as const, message: USER_MESSAGES.companyChanged, data: await toAdminUser(em, user) };
    })
    .handle(userDelete, async ({ em, principal, params }) => {
      const { companyId, name } = await manage.findUserOrFail(em, params.id);
      await manage.deleteUser(em, deps.enrolment, principal, params.id);
      await deps.audit.record({
        actor: auditActorOf(principal),
        action: 'user.deleted',
        companyId,
        subject: { type: 'user', id: params.id },
        details: { name },
      });
      return { success: true as const, message: USER_MESSAGES.deleted };
    })
    .handle(mimicCompany, async ({ em, principal, body }) => {
      await manage.mimicCompany(em, principal, body.company_id);
      await deps.audit.record({
        actor: auditActorOf(principal),
        action: 'user.mimic',
        companyId: body.company_id,
        subject: { type: 'company', id: body.company_id },
      });
      return { success: true as const, message: USER_MESSAGES.mimicked };
    })
    .handle(unMimicCompany, async ({ em, principal }) => {
      await manage.unMimicCompany(em, principal);
      if (principal.isMimicking)
        await deps.audit.record({
          actor: auditActorOf(principal),
          action: 'user.unmimic',
          companyId: principal.companyId,
          subject: { type: 'company', id: principal.companyId },
        });
      return { success: true as const, message: USER_MESSAGES.unmimicked };
    }).app;
}
