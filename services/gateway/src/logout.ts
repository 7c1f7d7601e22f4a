import type { ServiceDeps } from '@portal/service-kit';

export async function deleteSessionByToken(deps: ServiceDeps, token: string) {
  await deps.identity.endSession(token);
}
