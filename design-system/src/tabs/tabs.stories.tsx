import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { TabPanel, Tabs, type TabItem } from './tabs';

const adminTabs: TabItem[] = [
  { id: 'learners', label: 'Learners', count: 1204 },
  { id: 'companies', label: 'Companies', count: 87 },
  { id: 'courses', label: 'Courses', count: 36 },
  { id: 'site', label: 'Site' },
  { id: 'jobs', label: 'Cron Jobs', count: 4 },
  { id: 'certificate', label: 'Certificate' },
  { id: 'reports', label: 'Reports' },
];

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: { label: 'Admin sections', tabs: adminTabs, activeId: 'learners', onChange: () => {} },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

function InteractiveTabs({ tabs }: { tabs: TabItem[] }) {
  const [activeId, setActiveId] = useState(tabs[0]?.id ?? '');
  return (
    <>
      <Tabs label="Admin sections" tabs={tabs} activeId={activeId} onChange={setActiveId} />
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} activeId={activeId}>
          <p>Content of the {tab.label} panel. Use the arrow keys, Home and End on the tabs.</p>
        </TabPanel>
      ))}
    </>
  );
}

export const AdminDashboard: Story = { render: () => <InteractiveTabs tabs={adminTabs} /> };
export const WithoutCounts: Story = {
  render: () => (
    <InteractiveTabs
      tabs={[
        { id: 'details', label: 'Details' },
        { id: 'activities', label: 'Activities' },
      ]}
    />
  ),
};
