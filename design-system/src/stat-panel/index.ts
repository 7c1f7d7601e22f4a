export { StatPanel } from './stat-panel';
export type { StatPanelProps } from './stat-panel';
