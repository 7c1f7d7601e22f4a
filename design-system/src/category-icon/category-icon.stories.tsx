import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { CategoryIcon, CATEGORY_ICON_NAMES } from './category-icon';

const meta = {
  title: 'Icons/CategoryIcon',
  component: CategoryIcon,
  args: { icon: 'flame', title: 'Fire Safety', size: 48 },
  argTypes: { icon: { control: 'select', options: CATEGORY_ICON_NAMES } },
} satisfies Meta<typeof CategoryIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Catalogue: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', color: '#0b5563' }}>
      {CATEGORY_ICON_NAMES.map((icon) => (
        <div key={icon} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
          <CategoryIcon icon={icon} size={40} />
          <span style={{ fontSize: 12, color: '#10263a' }}>{icon}</span>
        </div>
      ))}
    </div>
  ),
};
