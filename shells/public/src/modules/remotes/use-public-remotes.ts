import { useEffect, useState } from 'react';
import { remotes } from '@portal/contracts';
import { registerPortalRemotes } from '@portal/frontend-kit';
import { api } from '../api/api-client';

export type RemotesState = 'loading' | 'ready' | 'failed';

/** Registers the remotes the server publishes (`GET /api/remotes`) before any remote page renders. */
export function usePublicRemotes(): RemotesState {
  const [state, setState] = useState<RemotesState>('loading');
  useEffect(() => {
    let isCurrent = true;
    api.call(remotes).then(
      (data) => {
        registerPortalRemotes(data.remotes);
        if (isCurrent) setState('ready');
      },
      (error: unknown) => {
        console.error('Could not load the remotes registry', error);
        if (isCurrent) setState('failed');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return state;
}
