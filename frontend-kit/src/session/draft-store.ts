/**
 * Drafts of a form that spans steps (the enrol wizard's chosen courses and new employees, issue 32
 * item 1): kept in the tab's sessionStorage, so a reload of the page keeps them and closing the tab
 * leaves nothing behind — on the server nothing was written either. Each draft names its user, and
 * the sign-in page and sign-out forget them all (`forgetDrafts`, called with the device copies).
 */
const DRAFT_PREFIX = 'portal-draft:';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (some private modes): drafts last as long as the page.
    return null;
  }
}

const keyOf = (kind: string, userId: string | number) => `${DRAFT_PREFIX}${kind}:${userId}`;

export function keepDraft(kind: string, userId: string | number, value: unknown): void {
  try {
    storage()?.setItem(keyOf(kind, userId), JSON.stringify(value));
  } catch {
    // Full or refused: the page still works, a reload starts afresh.
  }
}

/** The user's draft of this kind, or null (none, another user's, or unreadable). */
export function draftOf<T>(kind: string, userId: string | number): T | null {
  try {
    const text = storage()?.getItem(keyOf(kind, userId));
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function forgetDraft(kind: string, userId: string | number): void {
  storage()?.removeItem(keyOf(kind, userId));
}

/** Every draft of this tab, whoever's. */
export function forgetDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let at = 0; at < store.length; at++) {
    const key = store.key(at);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
