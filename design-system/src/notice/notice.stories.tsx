import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Stack } from '../stack';
import { Notice } from './notice';

const meta = {
  title: 'Feedback/Notice',
  component: Notice,
  args: { tone: 'info', title: 'Processing', children: 'Please wait.. this may take a minute.' },
  argTypes: { tone: { control: 'inline-radio', options: ['info', 'success', 'warning', 'error'] } },
} satisfies Meta<typeof Notice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const Catalogue: Story = {
  render: () => (
    <Stack gap="sm">
      <Notice tone="info">Please wait.. this may take a minute.</Notice>
      <Notice tone="success" title="Saved" onDismiss={() => {}}>
        Company details updated.
      </Notice>
      <Notice tone="warning" title="Low balance">
        You have 2 credits left.
      </Notice>
      <Notice tone="error" title="Error">
        Error generating report: timeout
      </Notice>
    </Stack>
  ),
};
export const AutoHide: Story = {
  args: { tone: 'success', title: undefined, children: 'This status message clears after 5 seconds.', autoHideMs: 5000 },
};
