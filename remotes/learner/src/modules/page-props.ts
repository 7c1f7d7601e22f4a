import type { ApiClient, SessionUser } from '@portal/contracts';

/** What the shell gives every page of this remote. */
export interface PageProps {
  session?: SessionUser;
  api: ApiClient;
}
