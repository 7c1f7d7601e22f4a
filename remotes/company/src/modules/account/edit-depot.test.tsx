import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '@portal/frontend-kit/testing';
import { EditDepot } from './edit-depot';

describe('EditDepot: the Delete Depot modal', () => {
  it('asks first whether to keep the learners, then shows the spec’s modal with its one button (issue 32 item 7)', async () => {
    const { api, requests } = fakeApi({
      'GET /account/depot/7/deletion-preview': () => ({
        depot: { id: 7, name: 'North Depot' },
        learners: 2,
        managers: 0,
        enrollments: 3,
        parent: { id: 2, name: 'Demo Construction Ltd' },
      }),
      'POST /account/depot/7/move-to-parent': () => ({ success: true, message: 'Moved.', moved_learners: 2, moved_enrollments: 3 }),
    });
    const onDeleted = vi.fn();
    render(<EditDepot api={api} depot={{ id: 7, name: 'North Depot', email: null }} onUpdated={() => {}} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Depot' }));
    const question = await screen.findByRole('dialog', { name: 'Keep the depot’s learners?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Move them to Demo Construction Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Depot' });
    expect(within(dialog).getAllByRole('button')).toHaveLength(2); // the close control and 'Delete Depot'
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Depot' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('Moved.'));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /account/depot/7/move-to-parent');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
