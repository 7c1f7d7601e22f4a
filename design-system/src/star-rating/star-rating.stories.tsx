import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Stack } from '../stack';
import { StarRating } from './star-rating';

const meta = {
  title: 'Icons/StarRating',
  component: StarRating,
  args: { rating: 4.7, label: '4.7 Ratings' },
  argTypes: { rating: { control: { type: 'range', min: 0, max: 5, step: 0.1 } } },
} satisfies Meta<typeof StarRating>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const Catalogue: Story = {
  render: () => (
    <Stack gap="sm">
      {[0, 1, 2.5, 4.7, 5].map((rating) => (
        <Stack key={rating} direction="row" gap="sm">
          <StarRating rating={rating} />
          <span>{rating}</span>
        </Stack>
      ))}
    </Stack>
  ),
};
