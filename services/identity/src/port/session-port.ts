import type { IdentityPort, PortContext } from '@portal/service-kit';
import { deleteSession, isSessionLive, resolvePrincipal } from '../data/session.repository';

/** The identity port's sessions: who a token is, whether a session lives, signing out. */
export function sessionPort({ orm, now }: PortContext): Pick<IdentityPort, 'resolvePrincipal' | 'endSession' | 'isSessionLive'> {
  return {
    resolvePrincipal: (token) => resolvePrincipal(orm, token, now()),
    endSession: (token) => deleteSession(orm.em.fork(), token),
    isSessionLive: (sessionId) => isSessionLive(orm, sessionId, now()),
  };
}
