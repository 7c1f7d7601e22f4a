import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Button, ButtonLink } from '../button';
import { PageHeader } from './page-header';

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  args: { title: 'Admin Dashboard', subtitle: 'Conduct site management below.' },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const TitleOnly: Story = { args: { title: 'Enrolments', subtitle: undefined } };

export const WithActions: Story = {
  args: {
    title: 'Enrolments',
    subtitle: 'Track progress and certificates for your learners.',
    actions: (
      <>
        <Button variant="secondary">Export</Button>
        <ButtonLink href="#enrol">Enrol learners</ButtonLink>
      </>
    ),
  },
};
