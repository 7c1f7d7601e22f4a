import { useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { NoticeTone } from '@portal/design-system';
import { reportingNoticeOf } from '../reporting-notice';

export interface ReportingMessage {
  tone: NoticeTone;
  content: ReactNode;
  /** A new key restarts the notice (and its timer). */
  key: number;
}

export type Say = (tone: NoticeTone, content: ReactNode) => void;

/** The page's one message: first the notice another page left in the history state, then whatever `say` says. */
export function useReportingMessage(): { message: ReportingMessage | null; say: Say; dismiss: () => void } {
  const location = useLocation();
  const [message, setMessage] = useState<ReportingMessage | null>(() => {
    const notice = reportingNoticeOf(location.state);
    return notice ? { tone: notice.tone, content: notice.text, key: 0 } : null;
  });
  const count = useRef(0);
  const say: Say = (tone, content) => setMessage({ tone, content, key: ++count.current });
  return { message, say, dismiss: () => setMessage(null) };
}

/** What a failed call says on screen. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
