import type { EnrolledRow } from '@portal/contracts';

/** A learner the wizard just enrolled who has no email: they sign in with this code. */
export interface CodeLearner {
  user_id: number;
  learner_name: string;
  login_code: string;
}

export type CodeLearnerSort = { key: 'learner_name' | 'login_code'; dir: 'asc' | 'desc' };

export const CODE_LEARNERS_PAGE_SIZE = 10;

/**
 * Of finalise's rows (one per learner and course), each learner without an email who has a login
 * code, once. The wizard cannot tell a learner it created from an older one without an email (typed
 * employees are created in step 2), so both are listed: either needs the code to start.
 */
export function codeLearnersOf(rows: readonly EnrolledRow[]): CodeLearner[] {
  const byId = new Map<number, CodeLearner>();
  for (const row of rows) {
    if (row.email || !row.login_code || byId.has(row.user_id)) continue;
    byId.set(row.user_id, { user_id: row.user_id, learner_name: row.learner_name, login_code: row.login_code });
  }
  return [...byId.values()];
}

/** The page of learners a search (name or code, any case), a sort and a page number show, and the last page. */
export function codeLearnersPage(learners: readonly CodeLearner[], search: string, sort: CodeLearnerSort, page: number) {
  const needle = search.trim().toLocaleLowerCase();
  const found = needle
    ? learners.filter((l) => l.learner_name.toLocaleLowerCase().includes(needle) || l.login_code.toLocaleLowerCase().includes(needle))
    : [...learners];
  const sign = sort.dir === 'asc' ? 1 : -1;
  found.sort((a, b) => sign * a[sort.key].localeCompare(b[sort.key], undefined, { sensitivity: 'base' }) || a.user_id - b.user_id);
  const lastPage = Math.max(1, Math.ceil(found.length / CODE_LEARNERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), lastPage);
  return {
    rows: found.slice((current - 1) * CODE_LEARNERS_PAGE_SIZE, current * CODE_LEARNERS_PAGE_SIZE),
    total: found.length,
    page: current,
    lastPage,
  };
}
