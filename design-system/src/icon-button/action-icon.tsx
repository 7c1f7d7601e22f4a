import { Icon } from '../icon/icon';

/** Row actions drawn as icons: the icon buttons' part of the Icon set. */
export const ACTION_ICON_NAMES = ['edit', 'remind', 'certificate', 'history', 'renew', 'answers', 'code'] as const;
export type ActionIconName = (typeof ACTION_ICON_NAMES)[number];

/** A decorative action icon: the control that holds it carries the name. */
export function ActionIcon({ name, size = 18 }: { name: ActionIconName; size?: number }) {
  return <Icon name={name} size={size} className="ds-action-icon" />;
}
