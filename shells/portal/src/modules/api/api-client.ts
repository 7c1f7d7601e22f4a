import { createApiClient } from '@portal/contracts';

/** The one client of the signed-in portal: any 401 ends the session, a 409 with a location redirects. */
export const api = createApiClient({
  onUnauthorized: () => window.location.assign('/logout'),
  onRedirect: (location) => window.location.assign(location),
});
