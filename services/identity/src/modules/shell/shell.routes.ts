import { remotes, shell } from '@portal/contracts';
import { createServiceRouter, notFound, type ServiceDeps } from '@portal/service-kit';
import { findUser } from '../../data/user.repository';
import { toSessionUser } from '../sessions/session-user';
import { menuFor } from './menu';
import { remoteManifestUrls } from './remote-registry';
import { readSiteSettings } from '../settings/site-settings';

export function shellRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(shell, async ({ em, principal }) => {
      const user = await findUser(em, principal.userId);
      if (!user) throw notFound('Your account');
      const settings = await readSiteSettings(em);
      return {
        user: await toSessionUser(em, user, principal),
        menu: menuFor(principal.role),
        remotes: remoteManifestUrls(deps),
        help_email: settings.help_email,
        is_development: deps.env.NODE_ENV === 'development',
        settings,
      };
    })
    .handle(remotes, async () => ({ remotes: remoteManifestUrls(deps) })).app;
}
