import { useCallback, useEffect, useState } from 'react';
import { ApiError, shell, type RouteOutput } from '@portal/contracts';
import {
  claimDeviceStore,
  deviceCopy,
  deviceCopyName,
  deviceCopyNames,
  keepDeviceCopy,
  publishSiteSettings,
  registerPortalRemotes,
} from '@portal/frontend-kit';
import { api } from '../api/api-client';

export type ShellData = RouteOutput<typeof shell>;

/**
 * The player's device copy of the header (issue 22 item 3): a /learn/ page reloaded offline opens
 * from it. Named by its user (`shell:{userId}`); the device holds one user's at most (claimDeviceStore).
 */
const SHELL_COPY = 'shell';
const keptShell = () => {
  const name = deviceCopyNames().find((kept) => kept.startsWith(`${SHELL_COPY}:`));
  return name ? deviceCopy<ShellData>(name) : null;
};
const isPlayerPage = () => window.location.pathname.startsWith('/learn/');

export type ShellState = { status: 'loading' } | { status: 'ready'; data: ShellData } | { status: 'failed'; error: unknown };

/** Loads the signed-in header (user, menu, remotes). A 401 or 409 navigates away inside the client. */
export function useShellData(): ShellState & { reload: () => void } {
  const [state, setState] = useState<ShellState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    api.call(shell).then(
      (data) => {
        // Whoever is signed in now: the device keeps nothing of anyone else (issue 31 item 6).
        void claimDeviceStore(data.user.id);
        if (isPlayerPage()) keepDeviceCopy(deviceCopyName(SHELL_COPY, data.user.id), data);
        registerPortalRemotes(data.remotes);
        // Every page and remote reads the Site tab's settings through useSiteSettings().
        publishSiteSettings(data.settings);
        if (isCurrent) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        // 401 → /logout and 409 → its location are already under way: keep the spinner.
        if (error instanceof ApiError && (error.status === 401 || (error.status === 409 && error.body.location))) return;
        // No network on the player's page: the course reopens from the device (its server answers are never cached).
        const copy = !(error instanceof ApiError) && isPlayerPage() ? keptShell() : null;
        if (copy) {
          registerPortalRemotes(copy.remotes);
          publishSiteSettings(copy.settings);
          if (isCurrent) setState({ status: 'ready', data: copy });
          return;
        }
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
