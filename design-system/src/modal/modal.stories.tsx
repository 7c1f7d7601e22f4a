import { useState } from 'react';
import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Button } from '../button';
import { FormField } from '../form-field';
import { TextInput } from '../text-input';
import { Modal } from './modal';

const meta = {
  title: 'Overlays/Modal',
  component: Modal,
  args: { open: true, title: 'Confirm your name', onClose: () => {}, children: 'Your certificate will show this name.' },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

function ModalDemo({ withFooter }: { withFooter: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Start Course</Button>
      <Modal
        open={open}
        title="Confirm your name"
        onClose={close}
        footer={
          withFooter ? (
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button onClick={close}>Confirm and start</Button>
            </>
          ) : undefined
        }
      >
        <p>Your certificate will show this name. Press Escape or click outside to close.</p>
        <FormField label="Full name" htmlFor="modal-full-name">
          <TextInput id="modal-full-name" defaultValue="Ada Lovelace" />
        </FormField>
      </Modal>
    </>
  );
}

export const WithFooter: Story = { render: () => <ModalDemo withFooter /> };
export const WithoutFooter: Story = { render: () => <ModalDemo withFooter={false} /> };
