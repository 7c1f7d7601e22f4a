export { IconButton, IconLink } from './icon-button';
export type { IconButtonProps, IconLinkProps } from './icon-button';
export { ActionIcon, ACTION_ICON_NAMES } from './action-icon';
export type { ActionIconName } from './action-icon';
