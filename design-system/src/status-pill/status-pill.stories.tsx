import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Stack } from '../stack';
import { StatusPill } from './status-pill';

const meta = {
  title: 'Data/StatusPill',
  component: StatusPill,
  args: { status: 'in-progress' },
  argTypes: { status: { control: 'select', options: ['not-started', 'in-progress', 'passed', 'failed', 'expired'] } },
} satisfies Meta<typeof StatusPill>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const Catalogue: Story = {
  render: () => (
    <Stack direction="row" gap="sm" wrap>
      <StatusPill status="not-started" />
      <StatusPill status="in-progress" />
      <StatusPill status="passed" />
      <StatusPill status="failed" />
      <StatusPill status="expired" />
      <StatusPill status="passed">Passed 14/01/2025</StatusPill>
    </Stack>
  ),
};
