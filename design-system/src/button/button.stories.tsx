import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Stack } from '../stack';
import { Button, ButtonLink } from './button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Enrol learners', variant: 'primary', size: 'md', loading: false, disabled: false },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'ghost'] },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Catalogue: Story = {
  render: () => (
    <Stack gap="md">
      {(['md', 'sm'] as const).map((size) => (
        <Stack key={size} direction="row" gap="sm" wrap>
          <Button size={size}>Primary</Button>
          <Button size={size} variant="secondary">
            Secondary
          </Button>
          <Button size={size} variant="danger">
            Danger
          </Button>
          <Button size={size} variant="ghost">
            Ghost
          </Button>
          <Button size={size} loading>
            Generating...
          </Button>
          <Button size={size} disabled>
            Disabled
          </Button>
        </Stack>
      ))}
      <Stack direction="row" gap="sm" wrap>
        <ButtonLink href="#courses">Browse courses (link)</ButtonLink>
        <ButtonLink href="#renew" variant="secondary">
          Renew
        </ButtonLink>
        <ButtonLink href="#back" variant="ghost" size="sm">
          Go back
        </ButtonLink>
      </Stack>
    </Stack>
  ),
};
