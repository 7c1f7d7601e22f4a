/** The learner player's device store (issue 22): commits kept in IndexedDB until the server has them. */
export const DEVICE_DB = 'portal-player';

/**
 * Signing out deletes it whole: another user signing in on the same device sees and sends none of
 * it. (Commits not yet sent are lost with it: sign-out is the user's word that this device is done.)
 */
export function clearDeviceStore(): void {
  try {
    if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(DEVICE_DB);
  } catch {
    // No IndexedDB here: nothing was kept.
  }
}
