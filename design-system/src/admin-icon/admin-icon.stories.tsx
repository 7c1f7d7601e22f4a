import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { AdminIcon } from './admin-icon';

const meta = {
  title: 'Icons/AdminIcon',
  component: AdminIcon,
  args: { size: 20 },
} satisfies Meta<typeof AdminIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Decorative: Story = {};
export const Titled: Story = { args: { title: 'Admin area', size: 40 } };
export const InMenuLink: Story = {
  render: () => (
    <a className="ds-link" href="#admin" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <AdminIcon /> Admin
    </a>
  ),
};
