import type { ReactNode } from 'react';
import { Icon } from '../icon/icon';

export interface StatPanelProps {
  label: string;
  value: ReactNode;
  /** With linkLabel: a link at the foot of the panel. Without: the whole panel is the link. */
  href?: string;
  linkLabel?: string;
  icon?: ReactNode;
  /** Opens href in a new tab and says so to screen readers. */
  external?: boolean;
}

function externalLinkProps(external: boolean) {
  return external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

const newTabHint = <span className="ds-visually-hidden"> (opens in a new tab)</span>;

export function StatPanel({ label, value, href, linkLabel, icon, external = false }: StatPanelProps) {
  const content = (
    <>
      {icon !== undefined && (
        <span className="ds-stat-panel__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="ds-stat-panel__label">{label}</span>
      <span className="ds-stat-panel__value">{value}</span>
    </>
  );

  if (href !== undefined && linkLabel === undefined) {
    return (
      <a className="ds-stat-panel" href={href} {...externalLinkProps(external)}>
        {content}
        {external && newTabHint}
        <Icon name="arrow-right" size={20} className="ds-stat-panel__arrow" />
      </a>
    );
  }

  return (
    <div className="ds-stat-panel">
      {content}
      {href !== undefined && (
        <a className="ds-link ds-stat-panel__link" href={href} {...externalLinkProps(external)}>
          {linkLabel}
          {external && newTabHint}
        </a>
      )}
    </div>
  );
}
