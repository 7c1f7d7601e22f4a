import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmModal } from './confirm-modal';

function renderModal({ isBusy = false, canCloseWhileBusy = false } = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <ConfirmModal
      open
      title="Delete course"
      confirmLabel="Delete course"
      isBusy={isBusy}
      canCloseWhileBusy={canCloseWhileBusy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>Delete Fire safety?</p>
    </ConfirmModal>,
  );
  return { onConfirm, onClose };
}

describe('ConfirmModal', () => {
  it('is a named dialog that says what will happen; Cancel closes it and the danger button confirms', () => {
    const { onConfirm, onClose } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Delete course' })).toBeTruthy();
    expect(screen.getByText('Delete Fire safety?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete course' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Cancel off while the request runs', () => {
    renderModal({ isBusy: true });
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
