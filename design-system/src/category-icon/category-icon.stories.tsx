import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { CategoryIcon, SPECIAL_CATEGORY_ICON_IDS } from './category-icon';

const meta = {
  title: 'Icons/CategoryIcon',
  component: CategoryIcon,
  args: { categoryId: 1, title: 'Fire Safety', size: 48 },
} satisfies Meta<typeof CategoryIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const Catalogue: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', color: '#0b5563' }}>
      {[...SPECIAL_CATEGORY_ICON_IDS, 2].map((id) => (
        <div key={id} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
          <CategoryIcon categoryId={id} size={40} />
          <span style={{ fontSize: 12, color: '#10263a' }}>{id === 2 ? 'default (e.g. 2)' : `id ${id}`}</span>
        </div>
      ))}
    </div>
  ),
};
