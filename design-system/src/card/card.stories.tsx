import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Button } from '../button';
import { Stack } from '../stack';
import { Card } from './card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: { title: 'Company details', children: 'Acme Safety Ltd — 42 learners, 3 depots.' },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Catalogue: Story = {
  render: () => (
    <Stack gap="md">
      <Card title="With title only">Content of the card.</Card>
      <Card
        title="With actions"
        actions={
          <Button size="sm" variant="secondary">
            Edit
          </Button>
        }
      >
        Title and actions share the header row and wrap on small screens.
      </Card>
      <Card>Without a header.</Card>
    </Stack>
  ),
};
