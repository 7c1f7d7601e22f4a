import type { ReactNode } from 'react';
import { Icon } from '../icon/icon';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** The title is bold text rather than a heading: empty states sit in table cells and cards at any depth. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="ds-empty-state">
      <Icon name="empty-tray" size={40} strokeWidth={1.5} className="ds-empty-state__icon" />
      <p className="ds-empty-state__title">{title}</p>
      {children !== undefined && <div className="ds-empty-state__text">{children}</div>}
      {action !== undefined && <div className="ds-empty-state__action">{action}</div>}
    </div>
  );
}
