import { createApiClient } from '@portal/contracts';
import { leaveIfSessionEnded } from '@portal/frontend-kit';

/**
 * The one client of the signed-in portal: a 401 goes to /logout when the session has ended (a 401
 * with a live session stays the call's error), a 409 with a location redirects.
 */
export const api = createApiClient({
  onUnauthorized: () => void leaveIfSessionEnded(),
  onRedirect: (location) => window.location.assign(location),
});
