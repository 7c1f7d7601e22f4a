/** The learner player's device store (issue 22): commits kept in IndexedDB until the server has them. */
export const DEVICE_DB = 'portal-player';

/**
 * Beside the commits, small copies the player reopens from while offline (issue 22 item 3): the
 * signed-in header of a /learn/ page and the attempt's launch. localStorage, read at once when
 * the page boots; every key under one prefix so that sign-out finds them all.
 */
const COPY_PREFIX = 'portal-player:';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (some private modes): nothing is kept.
    return null;
  }
}

/** Keeps a device copy (silently nothing when the browser refuses: the player still works online). */
export function keepDeviceCopy(name: string, value: unknown): void {
  try {
    storage()?.setItem(COPY_PREFIX + name, JSON.stringify(value));
  } catch {
    // Full or refused: the next online visit writes it again.
  }
}

export function deviceCopy<T>(name: string): T | null {
  try {
    const text = storage()?.getItem(COPY_PREFIX + name);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function forgetDeviceCopy(name: string): void {
  storage()?.removeItem(COPY_PREFIX + name);
}

/** The names of the copies kept (without the prefix). */
export function deviceCopyNames(): string[] {
  const store = storage();
  if (!store) return [];
  const names: string[] = [];
  for (let at = 0; at < store.length; at++) {
    const key = store.key(at);
    if (key?.startsWith(COPY_PREFIX)) names.push(key.slice(COPY_PREFIX.length));
  }
  return names;
}

/**
 * Signing out deletes it whole: another user signing in on the same device sees and sends none of
 * it. (Commits not yet sent are lost with it: sign-out is the user's word that this device is done.)
 */
export function clearDeviceStore(): void {
  for (const name of deviceCopyNames()) forgetDeviceCopy(name);
  try {
    if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(DEVICE_DB);
  } catch {
    // No IndexedDB here: nothing was kept.
  }
}
