import { leaveIfSessionEnded } from '@portal/frontend-kit';
import type { CommitStore, StoredCommit } from './commit-store';

/** What the server (or the lack of it) made of one commit. */
export type SendOutcome =
  | { kind: 'applied' }
  /** Already stored (a commit sent again): nothing to do. */
  | { kind: 'repeat' }
  /** A newer attempt (another tab or device) saved this SCO since: the server's copy wins. */
  | { kind: 'superseded' }
  /** Refused for good (too much suspend data, not the caller's launch): dropped. */
  | { kind: 'refused'; status: number; message: string }
  /** 401: the session has ended. Kept on the device for its user's next sign-in; the page asks whether to leave. */
  | { kind: 'signed-out' }
  /** The server asks for it later (429 Retry-After, or a 5xx). */
  | { kind: 'later'; seconds: number }
  /** No network. */
  | { kind: 'offline' };

export type Sender = (url: string, body: string) => Promise<SendOutcome>;

/**
 * saved: the last commit reached the server at once. offline: commits wait on the device.
 * paused: the server asked for a pause (429, 5xx): commits wait on the device for it.
 * syncing: sending what waited. synced: everything that waited is on the server.
 */
export type SyncPhase = 'idle' | 'saved' | 'offline' | 'paused' | 'syncing' | 'synced';
export interface SyncState {
  phase: SyncPhase;
  waiting: number;
}

export interface QueueHooks {
  onSuperseded?: (attemptId: number) => void;
  onRefused?: (message: string, status: number) => void;
  /** Retry delay while offline (also retried at once on the browser's `online` event). */
  offlineRetryMs?: number;
}

export interface QueuedCommit {
  entry: StoredCommit;
  key: Promise<number | undefined>;
}

/** A server's "later" this long or longer is shown to the learner (sync-status.tsx). */
export const PAUSE_SHOWN_FROM_SECONDS = 2;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const SIGNED_OUT_RETRY_MS = 5000;

/** A console line for what is dropped on purpose (info: the console-clean e2e spec forbids warnings). */
const note = (message: string) => console.info(`[player] ${message}`);

/**
 * Every commit is written to the device first (IndexedDB, in order), then sent; it leaves the
 * device once the server has answered it for good. The player tries each one at once
 * (synchronously, as SCORM expects: see PlayerHttpService) and hands the rest here: while the
 * network is down they wait, and when it returns they go in order, once. A repeat or a stale
 * commit the server did not apply is dropped with a log line, never retried for ever.
 */
export class CommitQueue {
  private items: QueuedCommit[] = [];
  /** offline: the network failed (new commits wait their turn); held: the server asked for later. */
  private mode: 'ok' | 'offline' | 'held' = 'ok';
  private wasOffline = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private state: SyncState = { phase: 'idle', waiting: 0 };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: CommitStore,
    private readonly send: Sender,
    private hooks: QueueHooks = {},
    /** A commit answered 401: the page goes to sign-in if the session has ended (the device's copies go with it). */
    private readonly onSignedOut: () => void = () => void leaveIfSessionEnded(),
  ) {}

  setHooks(hooks: QueueHooks): void {
    this.hooks = hooks;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SyncState => this.state;

  /** Commits not yet answered by the server. */
  get waiting(): number {
    return this.items.length;
  }

  /** The device store first: the commit is kept whatever happens to the request. */
  add(entry: StoredCommit): QueuedCommit {
    const item = { entry, key: this.store.add(entry) };
    this.items.push(item);
    if (this.mode === 'offline') this.publish('offline');
    return item;
  }

  /** May this commit be sent now, ahead of the drain? Not while commits wait for the network: order first. */
  maySendNow(item: QueuedCommit): boolean {
    return this.mode !== 'offline' && (this.items[0] === item || this.mode === 'held');
  }

  /** The answer to a commit sent at once (synchronously): done with it, or left to the drain. */
  settle(item: QueuedCommit, outcome: SendOutcome): void {
    if (this.finish(item, outcome)) {
      if (outcome.kind === 'applied') {
        // Older commits of the same SCO and attempt still held are stale now: the server would drop them.
        for (const older of this.items.filter((other) => sameSco(other.entry, item.entry) && seqOf(other.entry) < seqOf(item.entry)))
          this.drop(older);
        if (this.items.length === 0) this.mode = 'ok';
      }
      this.publish(this.mode === 'ok' && this.items.length === 0 ? (this.wasOffline ? 'synced' : 'saved') : this.state.phase);
      return;
    }
    this.noteKept(outcome);
    void this.drain();
  }

  /** Sends what waits, in order; resolves once nothing waits. One drain at a time. */
  drain(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves once nothing waits, or at once when the waiting is for the network (the course goes on offline). */
  async settled(): Promise<void> {
    while (this.items.length > 0 && this.mode !== 'offline') await this.drain();
  }

  /** Adds the commits kept on the device by an earlier visit of this user's enrolment (others' are deleted unsent). */
  async restore(userId: string, enrolmentId: string): Promise<number> {
    const known = new Set(await Promise.all(this.items.map((item) => item.key)));
    let count = 0;
    for (const kept of await this.store.all()) {
      if (known.has(kept.key)) continue;
      if (kept.userId !== userId) {
        await this.store.remove(kept.key);
        continue;
      }
      if (kept.enrollmentId !== enrolmentId) continue;
      const { key, ...entry } = kept;
      this.items.push({ entry, key: Promise.resolve(key) });
      count++;
    }
    // Oldest first: the device's order is the order they were made.
    const keys = new Map<QueuedCommit, number>();
    for (const item of this.items) keys.set(item, (await item.key) ?? Number.MAX_SAFE_INTEGER);
    const keyOf = (item: QueuedCommit) => keys.get(item) ?? Number.MAX_SAFE_INTEGER;
    this.items.sort((a, b) => keyOf(a) - keyOf(b));
    if (count > 0) this.publish('syncing');
    return count;
  }

  /** Forgets this attempt's waiting commits (continued somewhere else: the server's copy wins). */
  discardAttempt(attemptId: number): void {
    for (const item of this.items.filter((other) => other.entry.attemptId === attemptId)) this.drop(item);
    if (this.items.length === 0) this.mode = 'ok';
    this.publish(this.state.phase);
  }

  private async run(): Promise<void> {
    for (let item = this.items[0]; item; item = this.items[0]) {
      let outcome: SendOutcome;
      try {
        outcome = await this.send(item.entry.url, item.entry.body);
      } catch {
        outcome = { kind: 'offline' };
      }
      if (this.items[0] !== item) continue;
      if (this.finish(item, outcome)) continue;
      this.noteKept(outcome);
      if (outcome.kind === 'later') await pause(Math.min(outcome.seconds, 120) * 1000);
      // Tried again in a while: the page leaves if the session ended, and carries on if it has been renewed.
      else if (outcome.kind === 'signed-out') await pause(SIGNED_OUT_RETRY_MS);
      else {
        await this.untilOnline();
        // Announced only when the network looks back (not on every quiet retry while offline).
        if (navigator.onLine !== false) this.publish('syncing');
      }
    }
    const hadWaited = this.wasOffline;
    this.mode = 'ok';
    this.wasOffline = false;
    this.publish(hadWaited ? 'synced' : 'saved');
  }

  /** Until the browser says it is back online, or the retry delay has passed (its `online` event is not always right). */
  private untilOnline(): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.hooks.offlineRetryMs ?? 5000);
      window.addEventListener('online', done);
      this.wake = done;
    });
  }

  /** Wakes a drain waiting for the network (a retry now: the page became visible, a test). */
  retryNow(): void {
    this.wake?.();
  }

  /** True when the commit is done with (and off the device). */
  private finish(item: QueuedCommit, outcome: SendOutcome): boolean {
    switch (outcome.kind) {
      case 'applied':
        break;
      case 'repeat':
        note(`commit ${describe(item.entry)} was already stored: dropped`);
        break;
      case 'superseded':
        note(`commit ${describe(item.entry)} is older than the server's copy (continued somewhere else): dropped`);
        this.drop(item);
        this.hooks.onSuperseded?.(item.entry.attemptId);
        return true;
      case 'refused':
        note(`commit ${describe(item.entry)} refused (${outcome.status}): dropped`);
        this.hooks.onRefused?.(outcome.message, outcome.status);
        break;
      default:
        return false;
    }
    this.drop(item);
    return true;
  }

  private noteKept(outcome: SendOutcome): void {
    if (outcome.kind === 'signed-out') this.onSignedOut();
    if (outcome.kind === 'offline') {
      this.mode = 'offline';
      this.wasOffline = true;
      this.publish('offline');
    } else {
      if (this.mode !== 'offline') this.mode = 'held';
      // A pause the learner may notice (a limit reached, the server busy) is said; a moment's retry is not.
      if (outcome.kind === 'later' && outcome.seconds >= PAUSE_SHOWN_FROM_SECONDS && this.mode === 'held') this.publish('paused');
      else this.publish(this.state.phase === 'idle' ? 'saved' : this.state.phase);
    }
  }

  private drop(item: QueuedCommit): void {
    const at = this.items.indexOf(item);
    if (at < 0) return;
    this.items.splice(at, 1);
    void item.key.then((key) => (key === undefined ? undefined : this.store.remove(key)));
  }

  private publish(phase: SyncPhase): void {
    const next = { phase, waiting: this.items.length };
    if (next.phase === this.state.phase && next.waiting === this.state.waiting) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

const seqOf = (entry: StoredCommit): number => {
  try {
    return Number((JSON.parse(entry.body) as { seq?: unknown }).seq) || 0;
  } catch {
    return 0;
  }
};

/** The same SCO of the same attempt (the final flag aside). */
const sameSco = (a: StoredCommit, b: StoredCommit) =>
  a.attemptId === b.attemptId && a.url.replace(/&final=true$/, '') === b.url.replace(/&final=true$/, '');

const describe = (entry: StoredCommit) => `${entry.attemptId}#${seqOf(entry)}`;
