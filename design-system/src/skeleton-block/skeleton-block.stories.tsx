import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Stack } from '../stack';
import { SkeletonBlock } from './skeleton-block';

const meta = {
  title: 'Feedback/SkeletonBlock',
  component: SkeletonBlock,
  args: { width: '100%', height: '1em', circle: false },
} satisfies Meta<typeof SkeletonBlock>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const CardPlaceholder: Story = {
  render: () => (
    <div style={{ maxWidth: 320 }}>
      <Stack gap="sm">
        <Stack direction="row" gap="sm">
          <SkeletonBlock width={40} height={40} circle />
          <SkeletonBlock width="60%" height="1.25rem" />
        </Stack>
        <SkeletonBlock />
        <SkeletonBlock width="80%" />
        <SkeletonBlock height={120} />
      </Stack>
    </div>
  ),
};
