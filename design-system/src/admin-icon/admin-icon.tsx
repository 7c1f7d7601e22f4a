import { Icon } from '../icon/icon';

export interface AdminIconProps {
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
  size?: number;
}

/** Gear with a person: marks the admin menu item. */
export function AdminIcon({ title, size = 20 }: AdminIconProps) {
  return <Icon name="admin" size={size} strokeWidth={1.75} className="ds-admin-icon" {...(title ? { label: title } : {})} />;
}
