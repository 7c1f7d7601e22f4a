import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { PieChart } from './pie-chart';

const meta = {
  title: 'Data/PieChart',
  component: PieChart,
  args: {
    title: 'Course completion',
    slices: [
      { label: 'Passed', value: 12 },
      { label: 'Incomplete', value: 5 },
      { label: 'Not Started', value: 3 },
    ],
    size: 200,
  },
} satisfies Meta<typeof PieChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const CustomColours: Story = {
  args: {
    slices: [
      { label: 'Passed', value: 30, color: '#15703d' },
      { label: 'Failed', value: 4, color: '#b42318' },
      { label: 'In Progress', value: 9, color: '#1d4ed8' },
    ],
  },
};
export const OneNonZeroSlice: Story = {
  args: {
    slices: [
      { label: 'Passed', value: 7 },
      { label: 'Incomplete', value: 0 },
      { label: 'Not Started', value: 0 },
    ],
  },
};
export const Small: Story = { args: { size: 120 } };
/** Every value is zero: the component renders nothing, so this story is intentionally blank. */
export const AllZeroRendersNothing: Story = {
  args: {
    slices: [
      { label: 'Passed', value: 0 },
      { label: 'Incomplete', value: 0 },
      { label: 'Not Started', value: 0 },
    ],
  },
};
