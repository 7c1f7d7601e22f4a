import type { ComponentType } from 'react';
import type { ApiClient, SessionUser } from '@portal/contracts';

/** What every federated page receives from the shell. */
export interface RemotePageProps {
  session?: SessionUser;
  api: ApiClient;
}

export type RemotePageComponent = ComponentType<RemotePageProps>;
