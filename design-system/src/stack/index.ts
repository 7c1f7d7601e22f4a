export { Stack } from './stack';
export type { StackProps, StackGap } from './stack';
