/** The Admin Dashboard's tab, in ?tab= (spec §2); each list keeps its own search, sort and page beside it. */
export const ADMIN_TABS = ['learners', 'companies', 'courses', 'site', 'jobs', 'certificate', 'reports', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const DEFAULT_TAB: AdminTab = 'learners';

function isAdminTab(value: string | null): value is AdminTab {
  return value !== null && (ADMIN_TABS as readonly string[]).includes(value);
}

/** The tab the address names; anything missing or unknown is the default tab. */
export function readAdminTab(params: URLSearchParams): AdminTab {
  const tab = params.get('tab');
  return isAdminTab(tab) ? tab : DEFAULT_TAB;
}

/** Changing tab starts a fresh list: the address holds the tab alone. */
export function addressForTab(tab: AdminTab): URLSearchParams {
  return new URLSearchParams({ tab });
}
