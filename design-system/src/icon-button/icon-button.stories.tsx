import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Stack } from '../stack';
import { ACTION_ICON_NAMES } from './action-icon';
import { IconButton, IconLink } from './icon-button';

const meta = {
  title: 'Actions/IconButton',
  component: IconButton,
  args: { icon: 'remind', label: 'Remind', detail: 'Lee Carter, Fire Safety' },
  argTypes: {
    icon: { control: 'select', options: ACTION_ICON_NAMES },
    variant: { control: 'select', options: ['primary', 'secondary', 'ghost'] },
  },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const Catalogue: Story = {
  render: () => (
    <Stack direction="row" gap="sm" wrap>
      {ACTION_ICON_NAMES.map((name) => (
        <IconButton key={name} icon={name} label={name} />
      ))}
      <IconButton icon="renew" label="Re-enrol" variant="primary" />
      <IconButton icon="remind" label="Remind" loading />
      <IconLink icon="certificate" label="View Certificate" href="#certificate" />
    </Stack>
  ),
};
