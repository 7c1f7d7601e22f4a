import { useEffect, useState } from 'react';
import { LEARNER_SUCCESS_NOTICE_MS } from '@portal/contracts';
import { Notice } from '@portal/design-system';
import { clearPageNotice, peekPageNotice } from './page-notice';
import './page-notice.css';

/**
 * Shows the notice left for this page (leavePageNotice), once. A success hides itself after 5000 ms
 * (spec §9: the learner dashboard's success notice, status messages); others stay until dismissed.
 */
export function PageNoticeBanner({ path }: { path: string }) {
  // Read while rendering (a pure read, so a repeated render finds it too), removed once shown.
  const [shown, setShown] = useState(() => ({ path, notice: peekPageNotice(path) }));
  if (shown.path !== path) setShown({ path, notice: peekPageNotice(path) });
  const { notice } = shown;
  useEffect(() => {
    if (notice) clearPageNotice();
  }, [notice]);
  if (!notice) return null;
  return (
    <div className="page-notice" data-testid="page-notice">
      <Notice
        key={notice.text}
        tone={notice.tone}
        onDismiss={() => setShown({ path, notice: null })}
        {...(notice.tone === 'success' ? { autoHideMs: LEARNER_SUCCESS_NOTICE_MS } : {})}
      >
        {notice.text}
      </Notice>
    </div>
  );
}
