import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeApi, reply, type FakeHandler } from '@portal/frontend-kit/testing';
import { CREDIT_BALANCE_CHANGED_EVENT } from '@portal/frontend-kit';
import { TransferForm } from './transfer-form';

const DEPOTS = [
  { id: 3, name: 'North Depot' },
  { id: 4, name: 'South Depot' },
];

function renderForm(transfer: FakeHandler) {
  const server = fakeApi({ 'POST /api/company/2/credits/transfer': transfer });
  const onTransferred = vi.fn();
  render(<TransferForm api={server.api} companyId={2} depots={DEPOTS} onTransferred={onTransferred} />);
  return { ...server, onTransferred };
}

function fill(depot: string, amount: string, reason = '') {
  fireEvent.change(screen.getByLabelText('Depot'), { target: { value: depot } });
  fireEvent.change(screen.getByLabelText('Credits'), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: reason } });
  fireEvent.click(screen.getByRole('button', { name: 'Transfer credits' }));
}

describe('TransferForm', () => {
  it('asks first, sends the transfer, refreshes the header balance and the ledger', async () => {
    const heard = vi.fn();
    window.addEventListener(CREDIT_BALANCE_CHANGED_EVENT, heard);
    const { requests, onTransferred } = renderForm(() => ({
      success: true,
      message: 'Credits transferred to the depot.',
      balance: 40,
      depot_balance: 15,
    }));
    fill('3', '5', 'Monthly top-up');

    const dialog = await screen.findByRole('dialog', { name: 'Transfer credits' });
    expect(dialog.textContent).toContain('Move 5 credits from your balance to North Depot?');
    expect(requests).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));

    expect(await screen.findByText('Credits transferred to the depot. North Depot now has 15 credits; you have 40.')).toBeTruthy();
    expect(requests[0]!.body).toEqual({ depot_id: 3, amount: 5, reason: 'Monthly top-up' });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(onTransferred).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Credits') as HTMLInputElement).value).toBe('');
    window.removeEventListener(CREDIT_BALANCE_CHANGED_EVENT, heard);
  });

  it('sends no reason when the box is blank, and checks the fields before asking', async () => {
    const { requests } = renderForm(() => ({ success: true, message: 'Credits transferred to the depot.', balance: 1, depot_balance: 1 }));
    fill('', '0');
    expect(await screen.findByText('Choose a depot.')).toBeTruthy();
    expect(screen.getByText('Transfer at least 1 credit.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fill('4', '1');
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ depot_id: 4, amount: 1 });
  });

  it('puts the server’s errors under the fields and changes nothing else', async () => {
    const heard = vi.fn();
    window.addEventListener(CREDIT_BALANCE_CHANGED_EVENT, heard);
    const { onTransferred } = renderForm(() =>
      reply(422, { message: 'The given data was invalid.', errors: { amount: ['You do not have enough credits for this enrollment'] } }),
    );
    fill('3', '500');
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    await waitFor(() =>
      expect(document.getElementById('transfer-amount-error')?.textContent).toBe('You do not have enough credits for this enrollment'),
    );
    expect(screen.queryByText('The given data was invalid.')).toBeNull();
    expect(heard).not.toHaveBeenCalled();
    expect(onTransferred).not.toHaveBeenCalled();
    window.removeEventListener(CREDIT_BALANCE_CHANGED_EVENT, heard);
  });

  it('shows a refusal that is not about a field', async () => {
    renderForm(() => reply(403, { message: 'That company is not one of your depots.' }));
    fill('3', '2');
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('That company is not one of your depots.')).toBeTruthy();
  });
});
