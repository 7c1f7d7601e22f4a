import type { RemoteName } from '@portal/contracts';
import type { ServiceDeps } from '@portal/service-kit';

/** Remote registry: where each team's published remote lives (configuration, not code). */
export function remoteManifestUrls(deps: ServiceDeps): Record<RemoteName, string> {
  return {
    learner: deps.env.REMOTE_LEARNER_URL,
    company: deps.env.REMOTE_COMPANY_URL,
    admin: deps.env.REMOTE_ADMIN_URL,
    verify: deps.env.REMOTE_VERIFY_URL,
  };
}
