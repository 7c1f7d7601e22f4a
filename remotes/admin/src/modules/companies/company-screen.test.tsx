import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminCompany, Depot } from '@portal/contracts';
import { fakeApi, reply, type FakeHandler } from '@portal/frontend-kit/testing';
import { EditCompanyScreen } from './company-screen';

const COMPANY: AdminCompany = {
  id: 2,
  name: 'Demo Construction Ltd',
  email: 'accounts@demo.test',
  manager_name: 'Morgan Hale',
  manager_email: 'manager@demo.test',
  parent_id: null,
  credit_balance: 40,
  depots_count: 1,
  users_count: 5,
  created_at: '2026-01-01T00:00:00.000Z',
};
const DEPOT: Depot = { id: 3, name: 'North Depot', email: null, manager_name: null, manager_email: null, credit_balance: 6 };

function renderScreen(handlers: Record<string, FakeHandler> = {}) {
  const server = fakeApi({
    'GET /api/company/2': () => ({ data: COMPANY, depots: [DEPOT] }),
    'PATCH /api/company/2': () => ({ success: true, message: 'Company successfully updated!', data: COMPANY }),
    'PATCH /api/company/2/depot/3': () => ({ success: true, message: 'Depot updated successfully!', data: DEPOT }),
    ...handlers,
  });
  render(<EditCompanyScreen api={server.api} id={2} />);
  return server;
}
const patches = (server: ReturnType<typeof fakeApi>) => server.requests.filter((r) => r.method === 'PATCH');

describe('EditCompanyScreen: the credit balance reason', () => {
  it('asks for a reason only once the balance changes, and sends it as credit_reason', async () => {
    const server = renderScreen();
    const form = await screen.findByRole('form', { name: 'Edit company' });
    expect(within(form).queryByLabelText(/Reason for the change/)).toBeNull();

    fireEvent.change(within(form).getByLabelText('Credit balance'), { target: { value: '55' } });
    const reason = await within(form).findByLabelText(/Reason for the change/);
    fireEvent.click(within(form).getByRole('button', { name: 'Save company' }));
    expect(await within(form).findByText('Give a reason for changing the credit balance.')).toBeTruthy();
    expect(patches(server)).toEqual([]);

    fireEvent.change(reason, { target: { value: 'Invoice 1042 paid by bank transfer' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save company' }));
    expect(await screen.findByText('Company successfully updated!')).toBeTruthy();
    expect(patches(server)[0]!.body).toMatchObject({ credit_balance: 55, credit_reason: 'Invoice 1042 paid by bank transfer' });
  });

  it('sends no reason when the balance is unchanged', async () => {
    const server = renderScreen();
    const form = await screen.findByRole('form', { name: 'Edit company' });
    fireEvent.change(within(form).getByLabelText('Credit balance'), { target: { value: '41' } });
    fireEvent.change(await within(form).findByLabelText(/Reason for the change/), { target: { value: 'Typed, then changed my mind' } });
    fireEvent.change(within(form).getByLabelText('Credit balance'), { target: { value: '40' } });
    await waitFor(() => expect(within(form).queryByLabelText(/Reason for the change/)).toBeNull());
    fireEvent.click(within(form).getByRole('button', { name: 'Save company' }));
    await screen.findByText('Company successfully updated!');
    expect(patches(server)[0]!.body).not.toHaveProperty('credit_reason');
  });

  it('shows the server’s reason error under the field', async () => {
    renderScreen({
      'PATCH /api/company/2': () =>
        reply(422, {
          message: 'The given data was invalid.',
          errors: { credit_reason: ['The reason may not be longer than 255 characters.'] },
        }),
    });
    const form = await screen.findByRole('form', { name: 'Edit company' });
    fireEvent.change(within(form).getByLabelText('Credit balance'), { target: { value: '1' } });
    fireEvent.change(await within(form).findByLabelText(/Reason for the change/), { target: { value: 'Correction' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save company' }));
    await waitFor(() =>
      expect(document.getElementById('edit-company-credit-reason-error')?.textContent).toBe(
        'The reason may not be longer than 255 characters.',
      ),
    );
  });

  it('asks the same in the depot form', async () => {
    const server = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit North Depot' }));
    const form = await screen.findByRole('form', { name: 'Edit depot' });
    fireEvent.change(within(form).getByLabelText('Credit balance'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save depot' }));
    expect(await within(form).findByText('Give a reason for changing the credit balance.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Reason for the change/), { target: { value: 'Moved from the parent by hand' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save depot' }));
    await waitFor(() => expect(patches(server)).toHaveLength(1));
    expect(patches(server)[0]!.body).toMatchObject({ credit_balance: 10, credit_reason: 'Moved from the parent by hand' });
  });
});

describe('EditCompanyScreen: deleting a depot', () => {
  const preview = { depot: { id: 3, name: 'North Depot' }, parent: { id: 2, name: 'Acme Ltd' }, learners: 1, managers: 0, enrollments: 4 };

  it('says what the depot holds first, and moves its learners to the company when asked', async () => {
    const server = renderScreen({
      'GET /api/company/2/depot/3/deletion-preview': () => preview,
      'POST /api/company/2/depot/3/move-to-parent': () => ({
        success: true,
        message: 'Learners moved to Acme Ltd; depot deleted.',
        moved_learners: 1,
        moved_enrollments: 4,
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete North Depot' }));
    const question = await screen.findByRole('dialog', { name: 'Keep the depot’s learners?' });
    expect(within(question).getByTestId('depot-deletion-preview').textContent).toContain('holds 1 learner, 0 managers and 4 enrolments.');
    fireEvent.click(within(question).getByRole('button', { name: 'Move them to Acme Ltd' }));
    // Then the spec's modal, with its one button (issue 32 item 7).
    const dialog = await screen.findByRole('dialog', { name: 'Delete Depot' });
    expect(within(dialog).queryByRole('button', { name: /^Move/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Depot' }));
    expect(await screen.findByText('Learners moved to Acme Ltd; depot deleted.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no move for an empty depot', async () => {
    renderScreen({ 'GET /api/company/2/depot/3/deletion-preview': () => ({ ...preview, learners: 0, enrollments: 0 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete North Depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Depot' });
    expect((await within(dialog).findByTestId('depot-deletion-outcome')).textContent).toContain('This depot holds 0 learners');
    expect(within(dialog).queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete Depot' })).toBeTruthy();
  });
});
