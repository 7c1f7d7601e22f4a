import { HELP_EMAIL, remotes, shell, type RemoteName } from '@portal/contracts';
import { createServiceRouter, notFound, type ServiceDeps } from '@portal/service-kit';
import { User } from '../users/user.entity';
import { toSessionUser } from '../users/session-user';
import { menuFor } from './menu';

/** Remote registry: where each team's published remote lives (configuration, not code). */
export function remoteManifestUrls(deps: ServiceDeps): Record<RemoteName, string> {
  return {
    learner: deps.env.REMOTE_LEARNER_URL,
    company: deps.env.REMOTE_COMPANY_URL,
    admin: deps.env.REMOTE_ADMIN_URL,
    verify: deps.env.REMOTE_VERIFY_URL,
  };
}

export function shellRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(shell, async ({ em, principal }) => {
      const user = await em.findOne(User, { id: principal.userId });
      if (!user) throw notFound('Your account');
      return {
        user: await toSessionUser(em, user, principal),
        menu: menuFor(principal.role),
        remotes: remoteManifestUrls(deps),
        help_email: HELP_EMAIL,
        is_development: deps.env.NODE_ENV === 'development',
      };
    })
    .handle(remotes, async () => ({ remotes: remoteManifestUrls(deps) })).app;
}
