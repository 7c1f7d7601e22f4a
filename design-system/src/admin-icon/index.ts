export { AdminIcon } from './admin-icon';
export type { AdminIconProps } from './admin-icon';
