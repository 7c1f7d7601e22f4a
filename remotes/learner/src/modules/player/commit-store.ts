import { DEVICE_COMMITS, DEVICE_DB } from '@portal/frontend-kit';

/** One commit as kept on the device until the server has answered it (issue 22). */
export interface StoredCommit {
  /**
   * Whose commit: another user signing in on the same device never sends nor sees it (the shell's
   * claimDeviceStore deletes it, and restore() would). Kept when the session ends otherwise, for
   * the same user's next sign-in (docs/decisions.md, "Offline player").
   */
  userId: string;
  enrollmentId: string;
  attemptId: number;
  /** The commit URL (attempt, SCO, launch token) and the JSON body with its sequence number. */
  url: string;
  body: string;
}

export interface CommitStore {
  /** Resolves with the entry's key, in the order added. */
  add(entry: StoredCommit): Promise<number | undefined>;
  remove(key: number): Promise<void>;
  /** Every entry, oldest first. */
  all(): Promise<(StoredCommit & { key: number })[]>;
}

const STORE = DEVICE_COMMITS;

let opened: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DEVICE_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key', autoIncrement: true });
    request.onsuccess = () => {
      const db = request.result;
      // Sign-out deletes the database: let it go, and open afresh next time.
      db.onversionchange = () => {
        db.close();
        opened = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const request = work(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * The commits in IndexedDB. A browser without it (or refusing it: some private modes) still
 * plays: the queue then keeps its commits in memory only.
 */
export const indexedDbStore: CommitStore = {
  async add(entry) {
    try {
      return (await run('readwrite', (store) => store.add(entry))) as number;
    } catch {
      return undefined;
    }
  },
  async remove(key) {
    try {
      await run('readwrite', (store) => store.delete(key));
    } catch {
      // Nothing kept, nothing to remove.
    }
  },
  async all() {
    try {
      return (await run('readonly', (store) => store.getAll())) as (StoredCommit & { key: number })[];
    } catch {
      return [];
    }
  },
};

/** For tests: forget the open connection (fake-indexeddb is replaced between tests). */
export function resetDeviceStoreConnection(): void {
  opened = null;
}
