import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Icon } from '../icon/icon';

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
      <Icon name={tone} size={20} className="ds-notice__icon" />
      <div className="ds-notice__body">
        {title !== undefined && <strong className="ds-notice__title">{title}</strong>}
        <div className="ds-notice__text">{children}</div>
      </div>
      {onDismiss && (
        <button type="button" className="ds-notice__dismiss" aria-label="Dismiss" onClick={dismiss}>
          <Icon name="close" size={16} strokeWidth={2.5} />
        </button>
      )}
    </div>
  );
}
