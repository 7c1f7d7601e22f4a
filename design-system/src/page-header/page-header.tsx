import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

/** The page's h1. A div, not <header>, so it never becomes a second banner landmark. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <div className="ds-page-header">
      <div className="ds-page-header__text">
        <h1 className="ds-page-header__title">{title}</h1>
        {subtitle !== undefined && <div className="ds-page-header__subtitle">{subtitle}</div>}
      </div>
      {actions !== undefined && <div className="ds-page-header__actions">{actions}</div>}
    </div>
  );
}
