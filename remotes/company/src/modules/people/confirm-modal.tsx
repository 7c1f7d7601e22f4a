import type { ReactNode } from 'react';
import { Button, Modal } from '@portal/design-system';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** What the action will do, said before it happens. */
  children: ReactNode;
  confirmLabel: string;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that destroys or replaces something; Cancel is the way out until it runs. */
export function ConfirmModal({ open, title, children, confirmLabel, isBusy, onConfirm, onCancel }: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => !isBusy && onCancel()}
      footer={
        <>
          <Button variant="secondary" disabled={isBusy} onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" loading={isBusy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
