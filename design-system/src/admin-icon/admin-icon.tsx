import { useId } from 'react';

export interface AdminIconProps {
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
  size?: number;
}

/** Gear with a person: marks the admin menu item. */
export function AdminIcon({ title, size = 20 }: AdminIconProps) {
  const titleId = useId();
  const accessibility = title ? { role: 'img', 'aria-labelledby': titleId } : { 'aria-hidden': true as const };
  return (
    <svg
      className="ds-icon ds-admin-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...accessibility}
    >
      {title && <title id={titleId}>{title}</title>}
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.5-3.5 3.2-6 6.5-6 1.3 0 2.5.4 3.5 1" />
      <circle cx="18" cy="17" r="2" />
      <path d="M18 12.5v1.5M18 20v1.5M13.5 17H15M21 17h1.5M14.8 13.8l1 1M20.2 19.2l1 1M14.8 20.2l1-1M20.2 14.8l1-1" />
    </svg>
  );
}
