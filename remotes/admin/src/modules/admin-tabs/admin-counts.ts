import { createContext, useContext } from 'react';

/**
 * Asks the Admin Dashboard to fetch its tab counts again. A panel calls it after a create or a
 * delete, so 'Courses (12)' follows the list; outside the dashboard it does nothing.
 */
const RefreshAdminCounts = createContext<() => void>(() => {});

export const AdminCountsRefreshProvider = RefreshAdminCounts.Provider;

export function useRefreshAdminCounts(): () => void {
  return useContext(RefreshAdminCounts);
}
