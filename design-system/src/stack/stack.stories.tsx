import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Button } from '../button';
import { Stack } from './stack';

const items = ['Fire Safety', 'First Aid', 'Manual Handling', 'Working at Height', 'COSHH'].map((name) => (
  <Button key={name} variant="secondary" size="sm">
    {name}
  </Button>
));

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: { gap: 'md', direction: 'column', wrap: false, children: items },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Catalogue: Story = {
  render: () => (
    <Stack gap="lg">
      <Stack direction="row" gap="sm" wrap>
        {items}
      </Stack>
      <Stack direction="row" gap="md" wrap>
        {items}
      </Stack>
      <Stack direction="column" gap="sm">
        {items.slice(0, 3)}
      </Stack>
    </Stack>
  ),
};
