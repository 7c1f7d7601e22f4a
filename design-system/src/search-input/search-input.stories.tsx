import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Stack } from '../stack';
import { SearchInput } from './search-input';

const meta = {
  title: 'Forms/SearchInput',
  component: SearchInput,
  args: { label: 'Search learners', value: '', placeholder: 'Name or email', onChange: () => {} },
} satisfies Meta<typeof SearchInput>;

export default meta;
type Story = StoryObj<typeof meta>;

function ControlledSearch({ hideLabel }: { hideLabel?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <div style={{ maxWidth: 360 }}>
      <SearchInput label="Search courses" placeholder="At least 2 characters" value={value} onChange={setValue} hideLabel={hideLabel} />
    </div>
  );
}

export const Playground: Story = {};
export const Catalogue: Story = {
  render: () => (
    <Stack gap="lg">
      <ControlledSearch />
      <ControlledSearch hideLabel />
    </Stack>
  ),
};
