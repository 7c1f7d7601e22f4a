import { createApiClient } from '@portal/contracts';

/**
 * The public shell's client. No 401 handler: on these pages a 401 means wrong credentials,
 * shown on the form, not an ended session.
 */
export const api = createApiClient({
  onRedirect: (location) => window.location.assign(location),
});
