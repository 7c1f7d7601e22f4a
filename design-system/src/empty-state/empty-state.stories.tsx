import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { ButtonLink } from '../button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No enrolments yet', children: 'Enrol employees on a course to see their progress here.' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const TitleOnly: Story = { args: { title: 'No results', children: undefined } };
export const WithAction: Story = {
  args: { action: <ButtonLink href="#enroll">Enrol learners</ButtonLink> },
};
