export { CategoryIcon } from './category-icon';
export type { CategoryIconName, CategoryIconProps } from './category-icon';
