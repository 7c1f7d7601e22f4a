import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

export interface NoticeProps {
  tone: NoticeTone;
  title?: string;
  children: ReactNode;
  /** Shows a dismiss button; also called when the notice hides itself after autoHideMs. */
  onDismiss?: () => void;
  /** Hides the notice this many ms after it mounts (e.g. 5000 for report status); give a new `key` to restart. */
  autoHideMs?: number;
}

const toneIcons: Record<NoticeTone, ReactNode> = {
  info: <path d="M12 8h.01M11 12h1v5h1" />,
  success: <path d="M8 12.5l2.5 2.5L16 9.5" />,
  warning: <path d="M12 8v5M12 16.5h.01" />,
  error: <path d="M9 9l6 6M15 9l-6 6" />,
};

export function Notice({ tone, title, children, onDismiss, autoHideMs }: NoticeProps) {
  const [isVisible, setIsVisible] = useState(true);
  // An effect event, so a parent re-render with a new callback does not restart the timer.
  const hideAfterTimeout = useEffectEvent(() => {
    setIsVisible(false);
    onDismiss?.();
  });

  useEffect(() => {
    if (autoHideMs === undefined) return;
    const timer = setTimeout(hideAfterTimeout, autoHideMs);
    return () => clearTimeout(timer);
  }, [autoHideMs]);

  if (!isVisible) return null;

  function dismiss() {
    setIsVisible(false);
    onDismiss?.();
  }

  return (
    <div className={`ds-notice ds-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <svg
        className="ds-icon ds-notice__icon"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9.5" />
        {toneIcons[tone]}
      </svg>
      <div className="ds-notice__body">
        {title !== undefined && <strong className="ds-notice__title">{title}</strong>}
        <div className="ds-notice__text">{children}</div>
      </div>
      {onDismiss && (
        <button type="button" className="ds-notice__dismiss" aria-label="Dismiss" onClick={dismiss}>
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}
