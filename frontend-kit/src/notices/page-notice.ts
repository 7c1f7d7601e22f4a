import type { NoticeTone } from '@portal/design-system';

/**
 * A notice left for the next page: kept in sessionStorage, so it survives a full reload (mimicking
 * a company reloads the portal as that company) as well as a client-side move, and is shown once,
 * by the page it was left for. Older than MAX_AGE_MS it is dropped unseen.
 */
export interface PageNotice {
  tone: NoticeTone;
  text: string;
  /** The path of the page that shows it, e.g. '/'. */
  at: string;
}

const KEY = 'portal:page-notice';
export const PAGE_NOTICE_MAX_AGE_MS = 60_000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function leavePageNotice(notice: PageNotice, now = Date.now()): void {
  storage()?.setItem(KEY, JSON.stringify({ ...notice, leftAt: now }));
}

/** The notice left for `path`, if any (a stale or unreadable one counts as none); leaves it in place. */
export function peekPageNotice(path: string, now = Date.now()): PageNotice | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  let stored: Partial<PageNotice & { leftAt: number }>;
  try {
    stored = JSON.parse(raw) as Partial<PageNotice & { leftAt: number }>;
  } catch {
    return null;
  }
  const isFresh = typeof stored.leftAt === 'number' && now - stored.leftAt <= PAGE_NOTICE_MAX_AGE_MS;
  if (!isFresh || typeof stored.text !== 'string' || typeof stored.tone !== 'string' || stored.at !== path) return null;
  return { tone: stored.tone, text: stored.text, at: stored.at };
}

export function clearPageNotice(): void {
  storage()?.removeItem(KEY);
}

/** The notice left for `path`, taken (removed) so it shows once; null when there is none for this page. */
export function takePageNotice(path: string, now = Date.now()): PageNotice | null {
  const notice = peekPageNotice(path, now);
  if (notice) clearPageNotice();
  return notice;
}
