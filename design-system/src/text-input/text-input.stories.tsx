import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { TextInput } from './text-input';

const meta = {
  title: 'Forms/TextInput',
  component: TextInput,
  args: { 'aria-label': 'Company name', placeholder: 'Acme Safety Ltd', invalid: false, disabled: false },
} satisfies Meta<typeof TextInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const Invalid: Story = { args: { invalid: true, defaultValue: 'not-an-email' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Read only' } };
