import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Stack } from '../stack';
import { ProgressBar } from './progress-bar';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  args: { value: 42, label: 'Course progress' },
  argTypes: { value: { control: { type: 'range', min: 0, max: 100, step: 1 } } },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const Catalogue: Story = {
  render: () => (
    <Stack gap="md">
      <ProgressBar value={0} label="Not started" />
      <ProgressBar value={33.3} label="Upload (33.3 rounds to 33)" />
      <ProgressBar value={75} label="Course progress" />
      <ProgressBar value={100} label="Complete" />
    </Stack>
  ),
};
