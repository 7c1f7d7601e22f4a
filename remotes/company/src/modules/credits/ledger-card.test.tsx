import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { LedgerEntry } from '@portal/contracts';
import { fakeApi, type FakeRequest } from '@portal/frontend-kit/testing';
import { LedgerCard } from './ledger-card';

const entry = (id: number, kind: LedgerEntry['kind'], amount: number, more: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id,
  created_at: `2026-04-${String(id).padStart(2, '0')}T09:00:00.000Z`,
  kind,
  amount,
  balance_after: 100 + id,
  actor_name: 'Morgan Hale',
  reason: null,
  enrollment_id: null,
  order_id: null,
  counterparty_name: null,
  ...more,
});

const ROWS = [
  entry(1, 'purchase', 50, { actor_name: 'Shop', order_id: 'WC-1001' }),
  entry(2, 'enrolment', -3, { enrollment_id: 71 }),
  entry(3, 'transfer', -10, { counterparty_name: 'North Depot', reason: 'Monthly top-up' }),
  entry(4, 'adjustment', 5, { actor_name: 'Alex Admin', reason: 'Goodwill credit' }),
  ...Array.from({ length: 15 }, (_, i) => entry(10 + i, 'refund', 1, { enrollment_id: 100 + i })),
];

function ledgerServer() {
  return fakeApi({
    'GET /api/company/2/credit-ledger': ({ query }: FakeRequest) => {
      const search = query.get('search')?.toLowerCase();
      const kind = query.get('kind');
      const rows = ROWS.filter(
        (r) =>
          (!kind || r.kind === kind) && (!search || `${r.reason ?? ''} ${r.actor_name} ${r.order_id ?? ''}`.toLowerCase().includes(search)),
      ).sort((a, b) =>
        query.get('order_by') === 'amount' ? (query.get('order_dir') === 'desc' ? b.amount - a.amount : a.amount - b.amount) : b.id - a.id,
      );
      const page = Number(query.get('page') ?? 1);
      const data = rows.slice((page - 1) * 15, page * 15);
      const from = data.length ? (page - 1) * 15 + 1 : null;
      return {
        data,
        current_page: page,
        last_page: Math.max(1, Math.ceil(rows.length / 15)),
        per_page: 15,
        total: rows.length,
        from,
        to: from && from + data.length - 1,
        prev_page_url: null,
        next_page_url: null,
      };
    },
    'GET /api/company/3/credit-ledger': () => ({
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: 0,
      from: null,
      to: null,
      prev_page_url: null,
      next_page_url: null,
    }),
  });
}

function renderLedger(url = '/account') {
  const server = ledgerServer();
  function Address() {
    const location = useLocation();
    return <output data-testid="address">{location.pathname + location.search}</output>;
  }
  render(
    <MemoryRouter initialEntries={[url]}>
      <LedgerCard
        api={server.api}
        company={{ id: 2, name: 'Demo Construction Ltd' }}
        depots={[{ id: 3, name: 'North Depot' }]}
        version={0}
      />
      <Address />
    </MemoryRouter>,
  );
  return server;
}

const address = () => screen.getByTestId('address').textContent;
const rowOf = (text: string) => within(screen.getByRole('table')).getByText(text).closest('tr')!;

describe('LedgerCard', () => {
  it('shows each movement with its sign, the balance after, who, why and what it belongs to', async () => {
    renderLedger();
    await screen.findByText('Showing 1–15 of 19');
    expect(screen.getByRole('columnheader', { name: /Date/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 16–19 of 19');
    const transfer = rowOf('Monthly top-up');
    expect(transfer.textContent).toContain('Transfer');
    expect(transfer.textContent).toContain('\u221210');
    expect(transfer.textContent).toContain('103');
    expect(transfer.textContent).toContain('to North Depot');
    expect(rowOf('Goodwill credit').textContent).toContain('+5');
    expect(rowOf('Goodwill credit').textContent).toContain('Alex Admin');
    expect(rowOf('Order #WC-1001').textContent).toContain('Shop');
    expect(rowOf('Enrolment #71').textContent).toContain('Enrolment');
  });

  it('filters by kind and search through the address, and clears both', async () => {
    const { requests } = renderLedger();
    await screen.findByText('Showing 1–15 of 19');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'adjustment' } });
    expect(address()).toBe('/account?kind=adjustment');
    await screen.findByText('Showing 1–1 of 1');
    fireEvent.change(screen.getByLabelText('Search credit history'), { target: { value: 'no such reason' } });
    expect(await screen.findByText('No credit movements match your search.')).toBeTruthy();
    expect(requests.at(-1)!.query.toString()).toBe('search=no+such+reason&kind=adjustment');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // At once, not when a debounce catches up.
    expect(address()).toBe('/account');
    await screen.findByText('Showing 1–15 of 19');
  });

  it('sorts by amount and shows a depot’s credits when chosen', async () => {
    const { requests } = renderLedger();
    await screen.findByText('Showing 1–15 of 19');
    fireEvent.click(screen.getByRole('button', { name: /Amount/ }));
    expect(address()).toBe('/account?order_by=amount&order_dir=asc');
    await waitFor(() => expect(requests.at(-1)!.query.toString()).toBe('order_by=amount&order_dir=asc'));
    fireEvent.change(screen.getByLabelText('Credits of'), { target: { value: '3' } });
    expect(await screen.findByText('No credits have moved yet.')).toBeTruthy();
    expect(requests.at(-1)!.path).toBe('/api/company/3/credit-ledger');
  });
});
