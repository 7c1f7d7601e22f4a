import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DepotDeletionPreview } from '@portal/contracts';
import { DepotDeletion } from './depot-deletion';

const depot = { id: 7, name: 'North Depot' };
const holding: DepotDeletionPreview = { depot, parent: { id: 2, name: 'Demo Construction Ltd' }, learners: 2, managers: 1, enrollments: 3 };

function renderDeletion(preview: DepotDeletionPreview) {
  const onDelete = vi.fn<(moveToParent: boolean) => Promise<void>>(() => Promise.resolve());
  const onClose = vi.fn();
  render(<DepotDeletion depot={depot} loadPreview={() => Promise.resolve(preview)} onDelete={onDelete} onClose={onClose} />);
  return { onDelete, onClose };
}

/** The spec's modal: its title, its sentence, and one button besides the close control (issue 32 item 7). */
async function specModal() {
  const dialog = await screen.findByRole('dialog', { name: 'Delete Depot' });
  expect(dialog.textContent).toContain('Are you sure you want to delete the North Depot depot? This action can not be undone.');
  expect(
    within(dialog)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent),
  ).toEqual(['Close', 'Delete Depot']);
  return dialog;
}

describe('DepotDeletion', () => {
  it('asks first whether to keep the learners, then moves them on the one Delete Depot button', async () => {
    const { onDelete, onClose } = renderDeletion(holding);
    const question = await screen.findByRole('dialog', { name: 'Keep the depot’s learners?' });
    expect(within(question).getByTestId('depot-deletion-preview').textContent).toBe(
      'The North Depot depot holds 2 learners, 1 manager and 3 enrolments.',
    );
    fireEvent.click(within(question).getByRole('button', { name: 'Move them to Demo Construction Ltd' }));

    const dialog = await specModal();
    expect(within(dialog).getByTestId('depot-deletion-outcome').textContent).toBe(
      'Its 2 learners and 3 enrolments move to Demo Construction Ltd first, with the depot’s remaining credits; its manager is deleted with it.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Depot' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('deletes everything when the admin chooses so, saying what goes', async () => {
    const { onDelete } = renderDeletion(holding);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete them with the depot' }));
    const dialog = await specModal();
    expect(within(dialog).getByTestId('depot-deletion-outcome').textContent).toBe(
      'This depot holds 2 learners, 1 manager and 3 enrolments. Delete Depot deletes all of them.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Depot' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledExactlyOnceWith(false));
  });

  it('goes straight to the Delete Depot modal for a depot with nothing to move', async () => {
    renderDeletion({ ...holding, learners: 0, enrollments: 0 });
    const dialog = await specModal();
    await within(dialog).findByTestId('depot-deletion-outcome');
    expect(screen.queryByRole('dialog', { name: 'Keep the depot’s learners?' })).toBeNull();
  });
});
