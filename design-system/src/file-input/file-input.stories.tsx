import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { FileInput } from './file-input';

const meta = {
  title: 'Forms/FileInput',
  component: FileInput,
  args: { 'aria-label': 'Course package', accept: '.zip', onFileChange: () => {}, invalid: false, disabled: false },
} satisfies Meta<typeof FileInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const WithCurrentFile: Story = { args: { placeholder: 'Current: fire-safety.zip' } };
export const Invalid: Story = { args: { invalid: true } };
export const Disabled: Story = { args: { disabled: true } };
