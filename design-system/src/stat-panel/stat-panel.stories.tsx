import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { CategoryIcon } from '../category-icon';
import { StatPanel } from './stat-panel';

const meta = {
  title: 'Data/StatPanel',
  component: StatPanel,
  args: { label: 'Credits available', value: 120 },
} satisfies Meta<typeof StatPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Catalogue: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
      <StatPanel label="Credits available" value={120} />
      <StatPanel label="Learners" value={42} href="#reporting" />
      <StatPanel label="Courses passed" value={318} href="#reporting?status=passed" linkLabel="View report" />
      <StatPanel label="Fire safety" value="87%" icon={<CategoryIcon icon="flame" />} />
      <StatPanel label="Help centre" value="24/7" href="https://example.org/help" linkLabel="Get help" external />
    </div>
  ),
};
