export { CategoryIcon, CATEGORY_ICON_NAMES } from './category-icon';
export type { CategoryIconName, CategoryIconProps } from './category-icon';
