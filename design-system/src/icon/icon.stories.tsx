import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Icon } from './icon';
import { ICON_NAMES } from './icon-paths';

const meta = {
  title: 'Icons/Icon',
  component: Icon,
  args: { name: 'search', size: 24 },
  argTypes: { name: { control: 'select', options: ICON_NAMES } },
} satisfies Meta<typeof Icon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Decorative: Story = {};
export const Labelled: Story = { args: { name: 'warning', label: 'Warning', size: 40 } };
/** The whole set, each with its name. */
export const Catalogue: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 16 }}>
      {ICON_NAMES.map((name) => (
        <span key={name} style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Icon name={name} /> {name}
        </span>
      ))}
    </div>
  ),
};
