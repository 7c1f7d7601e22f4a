import type { ReactNode } from 'react';

export interface CardProps {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

export function Card({ title, actions, children }: CardProps) {
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <div className="ds-card">
      {hasHeader && (
        <div className="ds-card__header">
          {title !== undefined && <h2 className="ds-card__title">{title}</h2>}
          {actions !== undefined && <div className="ds-card__actions">{actions}</div>}
        </div>
      )}
      <div className="ds-card__body">{children}</div>
    </div>
  );
}
