export { SkeletonBlock } from './skeleton-block';
export type { SkeletonBlockProps } from './skeleton-block';
