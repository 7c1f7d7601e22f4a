export { Icon, IconSvg } from './icon';
export type { IconProps, IconSvgProps } from './icon';
export { ICON_NAMES, ICON_PATHS } from './icon-paths';
export type { IconName } from './icon-paths';
