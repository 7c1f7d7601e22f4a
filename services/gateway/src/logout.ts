import type { ServiceDeps } from '@portal/service-kit';
import { endSession } from '@portal/identity-service';

export async function deleteSessionByToken(deps: ServiceDeps, token: string) {
  await endSession(deps.orm.em.fork(), token);
}
