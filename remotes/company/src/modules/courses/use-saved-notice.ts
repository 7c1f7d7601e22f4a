import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { savedNoticeOf } from './courses-location-state';

/**
 * Edit course's notice stays until dismissed (searching changes the address); the history entry
 * forgets it at once, so Back or a reload does not show it again.
 */
export function useSavedNotice() {
  const navigate = useNavigate();
  const location = useLocation();
  const [savedNotice, setSavedNotice] = useState(() => savedNoticeOf(location.state));
  const hasStateNotice = savedNoticeOf(location.state) !== null;
  useEffect(() => {
    if (hasStateNotice) void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [hasStateNotice, navigate, location.pathname, location.search]);
  return { savedNotice, dismiss: () => setSavedNotice(null) };
}
