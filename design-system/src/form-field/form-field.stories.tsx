import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Stack } from '../stack';
import { TextInput } from '../text-input';
import { FormField } from './form-field';

const meta = {
  title: 'Forms/FormField',
  component: FormField,
  args: {
    label: 'Email',
    htmlFor: 'story-email',
    hint: 'Optional unless the role is manager',
    children: <TextInput id="story-email" type="email" />,
  },
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};
export const Catalogue: Story = {
  render: () => (
    <div style={{ maxWidth: 420 }}>
      <Stack gap="md">
        <FormField label="Company name" htmlFor="c-name">
          <TextInput id="c-name" />
        </FormField>
        <FormField label="Email" htmlFor="c-email" hint="Optional unless the role is manager">
          <TextInput id="c-email" type="email" />
        </FormField>
        <FormField label="SKU" htmlFor="c-sku" error="The sku has already been taken.">
          <TextInput id="c-sku" defaultValue="FIRE-01" />
        </FormField>
        <FormField
          label="Password"
          htmlFor="c-password"
          hint="At least 8 characters"
          error={['The password must be at least 8 characters.', 'The password must contain a number.']}
        >
          <TextInput id="c-password" type="password" defaultValue="abc" />
        </FormField>
        <FormField label="Role" htmlFor="c-role">
          <select id="c-role" className="ds-input" defaultValue="learner">
            <option value="learner">Learner</option>
            <option value="manager">Manager</option>
            <option value="admin">Admin</option>
          </select>
        </FormField>
      </Stack>
    </div>
  ),
};
