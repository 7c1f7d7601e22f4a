import { useCallback, useEffect, useState } from 'react';
import { ApiError, shell, type RouteOutput } from '@portal/contracts';
import { publishSiteSettings, registerPortalRemotes } from '@portal/frontend-kit';
import { api } from '../api/api-client';

export type ShellData = RouteOutput<typeof shell>;

export type ShellState =
  | { status: 'loading' }
  | { status: 'ready'; data: ShellData }
  | { status: 'failed'; error: unknown };

/** Loads the signed-in header (user, menu, remotes). A 401 or 409 navigates away inside the client. */
export function useShellData(): ShellState & { reload: () => void } {
  const [state, setState] = useState<ShellState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    api.call(shell).then(
      (data) => {
        registerPortalRemotes(data.remotes);
        // Every page and remote reads the Site tab's settings through useSiteSettings().
        publishSiteSettings(data.settings);
        if (isCurrent) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        // 401 → /logout and 409 → its location are already under way: keep the spinner.
        if (error instanceof ApiError && (error.status === 401 || (error.status === 409 && error.body.location))) return;
        if (isCurrent) setState({ status: 'failed', error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, reload };
}
