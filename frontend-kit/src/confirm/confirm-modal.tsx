import type { ReactNode } from 'react';
import { Button, Modal } from '@portal/design-system';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** What the action will do, said before it happens. */
  children: ReactNode;
  confirmLabel: string;
  isBusy: boolean;
  /** Escape, the backdrop and the close button still work while the request runs (Cancel never does). */
  canCloseWhileBusy?: boolean | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; it closes when the request finishes, whatever the outcome (spec §4). */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  isBusy,
  canCloseWhileBusy = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => (canCloseWhileBusy || !isBusy) && onClose()}
      footer={
        <>
          <Button variant="secondary" disabled={isBusy} onClick={onClose}>
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
