import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { addressForTab, readAdminTab, type AdminTab } from './admin-tab';

/** The Admin Dashboard's active tab, kept in the address bar. */
export function useAdminTab() {
  const [params, setParams] = useSearchParams();
  const setTab = useCallback((tab: AdminTab) => setParams(addressForTab(tab)), [setParams]);
  return { tab: readAdminTab(params), setTab };
}
