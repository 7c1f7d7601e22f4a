import { forgetDeviceCopies } from './device-store';

/**
 * What a signed-in page does on a 401 (spec §6: a 401 sends the browser to /logout). Only when the
 * session has really ended: a 401 while it is still valid (a route refusing for a reason of its
 * own) must not land on /logout's confirmation, so the session is asked first (GET /api/shell
 * answers 401 only without a live session) and the page stays, showing the call's error.
 * Several 401s at once ask once. Every 401 of a signed-in page comes here (the portal's API
 * client, uploads, the player's commits), so this is where the device's copies of the ended
 * session go (issue 31 item 6: expired, ended by an admin or a password change elsewhere).
 */
let asking: Promise<void> | null = null;

export function leaveIfSessionEnded(
  probe: () => Promise<Response> = () => fetch('/api/shell', { credentials: 'same-origin', headers: { Accept: 'application/json' } }),
  leave: () => void = () => window.location.assign('/logout'),
): Promise<void> {
  asking ??= probe()
    .then((response) => {
      if (response.status !== 401) return;
      forgetDeviceCopies();
      leave();
    })
    // Offline or the server down: nothing says the session ended, so stay on the page.
    .catch(() => undefined)
    .finally(() => {
      asking = null;
    });
  return asking;
}
