import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** The title is bold text rather than a heading: empty states sit in table cells and cards at any depth. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="ds-empty-state">
      <svg
        className="ds-icon ds-empty-state__icon"
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M3 7l2-4h14l2 4" />
        <path d="M3 7h18v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
        <path d="M9 11h6" />
      </svg>
      <p className="ds-empty-state__title">{title}</p>
      {children !== undefined && <div className="ds-empty-state__text">{children}</div>}
      {action !== undefined && <div className="ds-empty-state__action">{action}</div>}
    </div>
  );
}
