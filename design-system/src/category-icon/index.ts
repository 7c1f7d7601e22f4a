export { CategoryIcon, SPECIAL_CATEGORY_ICON_IDS } from './category-icon';
export type { CategoryIconProps } from './category-icon';
