import { forgetDrafts } from './draft-store';

/** The learner player's device store (issue 22): commits kept in IndexedDB until the server has them. */
export const DEVICE_DB = 'portal-player';
/** Its one object store (the learner remote's commit-store.ts): each entry names its user (`userId`). */
export const DEVICE_COMMITS = 'commits';

/**
 * Beside the commits, small copies the player reopens from while offline (issue 22 item 3): the
 * signed-in header of a /learn/ page and the attempt's launch. localStorage, read at once when
 * the page boots; every key under one prefix so that sign-out finds them all. Each name carries
 * its user after its kind (`shell:{userId}`, `launch:{userId}:{enrolmentId}`: deviceCopyName), so
 * that a new user's sign-in finds what is someone else's (issue 31 item 6).
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

/** A copy's name: its kind, then its user, then whatever tells that user's copies apart. */
export function deviceCopyName(kind: string, userId: string | number, ...rest: (string | number)[]): string {
  return [kind, userId, ...rest].join(':');
}

/** Whose copy this is (null for a name without a user: an older release's, nobody's). */
export function deviceCopyOwner(name: string): string | null {
  return name.split(':')[1] || null;
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
  forgetDeviceCopies();
  try {
    if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(DEVICE_DB);
  } catch {
    // No IndexedDB here: nothing was kept.
  }
}

/**
 * The session ended some other way (a 401 on a signed-in page, the sign-in page shown): the
 * copies go, since they hold the learner's name and answers (each SCO's CMI) and nobody is signed
 * in to use them. The unsent commits stay for their owner: the server takes them only from that
 * user, so they wait for their next sign-in here (claimDeviceStore deletes them when someone else
 * signs in). docs/decisions.md, "Offline player".
 */
export function forgetDeviceCopies(): void {
  for (const name of deviceCopyNames()) forgetDeviceCopy(name);
  // A manager's unfinished wizard holds employees' names and emails: it goes with the session too.
  forgetDrafts();
}

/**
 * The signed-in user is known (the portal shell has its /api/shell answer): everything on the
 * device that is not theirs goes, copies and unsent commits alike. Theirs stays (a session that
 * ended and began again must not lose what waited). Resolves once IndexedDB is done.
 */
export function claimDeviceStore(userId: string | number): Promise<void> {
  const owner = String(userId);
  for (const name of deviceCopyNames()) if (deviceCopyOwner(name) !== owner) forgetDeviceCopy(name);
  return forgetCommitsNotOf(owner);
}

/** Deletes the commits of anyone but `owner`; a device without the database is left without it. */
function forgetCommitsNotOf(owner: string): Promise<void> {
  return new Promise<void>((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      if (typeof indexedDB === 'undefined') return resolve();
      // No version: the database as it is. One that does not exist is not made (its creation is aborted).
      request = indexedDB.open(DEVICE_DB);
    } catch {
      return resolve();
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      // The aborted creation (or storage refused): nothing was kept. Handled here, not reported as an error.
      event.preventDefault();
      resolve();
    };
    request.onsuccess = () => {
      const db = request.result;
      const done = () => {
        db.close();
        resolve();
      };
      if (!db.objectStoreNames.contains(DEVICE_COMMITS)) return done();
      const transaction = db.transaction(DEVICE_COMMITS, 'readwrite');
      const cursor = transaction.objectStore(DEVICE_COMMITS).openCursor();
      cursor.onsuccess = () => {
        const entry = cursor.result;
        if (!entry) return;
        if (String((entry.value as { userId?: unknown }).userId) !== owner) entry.delete();
        entry.continue();
      };
      // Closed at once: sign-out's deleteDatabase must not wait for this connection.
      transaction.oncomplete = done;
      transaction.onabort = done;
    };
  });
}
