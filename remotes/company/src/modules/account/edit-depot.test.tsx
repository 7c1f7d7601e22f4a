import { fireEvent, render, screen, within } from '@testing-library/react';
import { fakeApi } from '@portal/frontend-kit/testing';
import { EditDepot } from './edit-depot';

describe('EditDepot: the Delete Depot modal', () => {
  it('names the parent company on the move button, as its text does (issue 24 item 15)', async () => {
    const { api } = fakeApi({
      'GET /account/depot/7/deletion-preview': () => ({
        depot: { id: 7, name: 'North Depot' },
        learners: 2,
        managers: 0,
        enrollments: 3,
        parent: { id: 2, name: 'Demo Construction Ltd' },
      }),
    });
    render(<EditDepot api={api} depot={{ id: 7, name: 'North Depot', email: null }} onUpdated={() => {}} onDeleted={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Depot' });
    expect(await within(dialog).findByRole('button', { name: 'Move learners to Demo Construction Ltd' })).toBeTruthy();
    expect(within(dialog).getByText(/keeps them, their enrolments/).textContent).toContain('Demo Construction Ltd');
    expect(within(dialog).queryByRole('button', { name: 'Move learners to parent' })).toBeNull();
  });
});
