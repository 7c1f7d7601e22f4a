import { fireEvent, render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { Button } from '../button';
import { Modal } from './modal';

function renderModal(onClose = vi.fn()) {
  const result = render(
    <>
      <button type="button">Open</button>
      <Modal
        open
        title="Confirm your name"
        onClose={onClose}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button>Start Course</Button>
          </>
        }
      >
        <p>Your certificate will show this name.</p>
        <label htmlFor="full-name">Full name</label>
        <input id="full-name" />
      </Modal>
    </>,
  );
  return { ...result, onClose };
}

describe('Modal', () => {
  it('has no accessibility violations', async () => {
    const { baseElement } = renderModal();
    await expectNoAxeViolations(baseElement);
  });

  it('is wide on request, for reading much', () => {
    const { unmount } = render(
      <Modal open title="Answers" size="wide" onClose={() => {}}>
        Body
      </Modal>,
    );
    expect(screen.getByRole('dialog').className).toBe('ds-modal ds-modal--wide');
    unmount();
    render(
      <Modal open title="Question" onClose={() => {}}>
        Body
      </Modal>,
    );
    expect(screen.getByRole('dialog').className).toBe('ds-modal');
  });

  it('renders nothing while closed', () => {
    render(
      <Modal open={false} title="Hidden" onClose={() => {}}>
        Body
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog labelled by its title, focusing the first field inside', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Confirm your name' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
  });

  it('calls onClose on Escape, the close button and a backdrop click', () => {
    const { onClose } = renderModal();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('keeps Tab focus inside the dialog', () => {
    renderModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const start = screen.getByRole('button', { name: 'Start Course' });
    start.focus();
    fireEvent.keyDown(start, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(start);
  });

  it('returns focus to the previously focused element when closed', () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const { rerender } = render(
      <Modal open title="Edit" onClose={() => {}}>
        Body
      </Modal>,
    );
    expect(document.activeElement).not.toBe(opener);
    rerender(
      <Modal open={false} title="Edit" onClose={() => {}}>
        Body
      </Modal>,
    );
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
