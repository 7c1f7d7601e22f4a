export { Tabs, TabPanel } from './tabs';
export type { TabsProps, TabPanelProps, TabItem } from './tabs';
