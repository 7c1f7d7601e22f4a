import { useEffect, useState } from 'react';
import { LEARNER_SUCCESS_NOTICE_MS } from '@portal/contracts';
import { Notice } from '@portal/design-system';
import { takePageNotice, type PageNotice } from './page-notice';

/**
 * Shows the notice left for this page (leavePageNotice), once. A success hides itself after 5000 ms
 * (spec §9: the learner dashboard's success notice, status messages); others stay until dismissed.
 */
export function PageNoticeBanner({ path }: { path: string }) {
  const [notice, setNotice] = useState<PageNotice | null>(null);
  useEffect(() => {
    const left = takePageNotice(path);
    if (left) setNotice(left);
  }, [path]);
  if (!notice) return null;
  return (
    <div data-testid="page-notice">
      <Notice key={notice.text} tone={notice.tone} onDismiss={() => setNotice(null)} {...(notice.tone === 'success' ? { autoHideMs: LEARNER_SUCCESS_NOTICE_MS } : {})}>
        {notice.text}
      </Notice>
    </div>
  );
}
