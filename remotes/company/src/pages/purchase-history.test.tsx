import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { type Invoice } from '@portal/contracts';
import { fakeApi, reply, type FakeRequest } from '@portal/frontend-kit/testing';
import { publishSiteSettings, resetSiteSettings } from '@portal/frontend-kit';
import PurchaseHistory from './purchase-history';

const invoice = (id: number, kind: Invoice['kind'], amountMinor: number): Invoice => ({
  id,
  order_id: `WC-${1000 + id}`,
  created_at: `2026-03-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  kind,
  credits: kind === 'credits' ? id * 10 : null,
  course_name: kind === 'course' ? `Course ${id}` : null,
  amount_minor: amountMinor,
  currency: 'GBP',
  order_pdf: `/api/purchase-history/${id}/pdf`,
});

const INVOICES = Array.from({ length: 12 }, (_, i) => invoice(i + 1, i % 3 === 0 ? 'course' : 'credits', (i + 1) * 1250));

/** The server's list: search on order id and course, sort by id/amount/date, 10 a page. */
function invoicesServer(all: Invoice[]) {
  return fakeApi({
    'GET /api/purchase-history': ({ query }: FakeRequest) => {
      const search = query.get('search')?.toLowerCase();
      const by = query.get('order_by') ?? 'id';
      const dir = query.get('order_dir') ?? (query.get('order_by') ? 'asc' : 'desc');
      const key = (row: Invoice) => (by === 'amount' ? row.amount_minor : by === 'created_at' ? Date.parse(row.created_at) : row.id);
      const rows = all
        .filter((row) => !search || row.order_id.toLowerCase().includes(search) || row.course_name?.toLowerCase().includes(search))
        .sort((a, b) => (dir === 'asc' ? key(a) - key(b) : key(b) - key(a)));
      const perPage = Number(query.get('per_page') ?? 10);
      const lastPage = Math.max(1, Math.ceil(rows.length / perPage));
      const page = Math.min(Number(query.get('page') ?? 1), lastPage);
      const data = rows.slice((page - 1) * perPage, page * perPage);
      const from = data.length ? (page - 1) * perPage + 1 : null;
      return {
        data,
        current_page: page,
        last_page: lastPage,
        per_page: perPage,
        total: rows.length,
        from,
        to: from && from + data.length - 1,
        prev_page_url: null,
        next_page_url: null,
      };
    },
  });
}

function renderPage(all: Invoice[], url = '/purchase-history') {
  const server = invoicesServer(all);
  function Address() {
    const location = useLocation();
    return <output data-testid="address">{location.pathname + location.search}</output>;
  }
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/purchase-history" element={<PurchaseHistory api={server.api} />} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
  return server;
}

const address = () => screen.getByTestId('address').textContent;
const table = () => screen.getByRole('table');
const firstIds = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);
const settled = () => waitFor(() => expect(table().getAttribute('aria-busy')).toBeNull());

describe('PurchaseHistory', () => {
  // The Site tab's shop address, as the shell publishes it.
  beforeEach(() => publishSiteSettings({ shop_url: 'https://shop.example.test/' }));
  afterEach(() => resetSiteSettings());

  it('lists the newest invoices first with what was bought, the amount in pounds and a PDF link', async () => {
    const { requests } = renderPage(INVOICES);
    await screen.findByText('Showing 1–10 of 12 invoices');
    expect(firstIds().slice(0, 2)).toEqual(['#WC-1012', '#WC-1011']);
    const row = within(table()).getByText('#WC-1010').closest('tr')!;
    expect(row.textContent).toContain('Course 10');
    expect(row.textContent).toContain('10/03/2026');
    expect(row.textContent).toContain('£125.00');
    const download = within(row).getByRole('link', { name: 'Download invoice #WC-1010' });
    expect(download.getAttribute('href')).toBe('/api/purchase-history/10/pdf');
    expect(download.hasAttribute('download')).toBe(true);
    expect(within(table()).getByText('#WC-1011').closest('tr')!.textContent).toContain('110 credits');
    // The default order is the server's: nothing about sorting in the first request.
    expect(requests[0]!.query.toString()).toBe('');
    expect(screen.getByRole('columnheader', { name: /#ID/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts by #ID and pages through the address', async () => {
    const { requests } = renderPage(INVOICES);
    await screen.findByText('Showing 1–10 of 12 invoices');
    fireEvent.click(screen.getByRole('button', { name: /#ID/ }));
    expect(address()).toBe('/purchase-history?order_by=id&order_dir=asc');
    await settled();
    await waitFor(() => expect(firstIds()[0]).toBe('#WC-1001'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(address()).toBe('/purchase-history?order_by=id&order_dir=asc&page=2');
    await screen.findByText('Showing 11–12 of 12 invoices');
    expect(requests.at(-1)!.query.toString()).toBe('order_by=id&order_dir=asc&page=2');
  });

  it('searches once typing pauses, says when nothing matches, and clears the search', async () => {
    const { requests } = renderPage(INVOICES);
    await screen.findByText('Showing 1–10 of 12 invoices');
    fireEvent.change(screen.getByLabelText('Search invoices'), { target: { value: 'Course 4' } });
    await waitFor(() => expect(address()).toBe('/purchase-history?search=Course+4'));
    await waitFor(() => expect(firstIds()).toEqual(['#WC-1004']));

    fireEvent.change(screen.getByLabelText('Search invoices'), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No invoices were found matching your request.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(address()).toBe('/purchase-history'));
    await screen.findByText('Showing 1–10 of 12 invoices');
    expect((screen.getByLabelText('Search invoices') as HTMLInputElement).value).toBe('');
    expect(requests.filter((r) => r.path === '/api/purchase-history').map((r) => r.query.get('search'))).toEqual([
      null,
      'Course 4',
      'nothing like it',
      null,
    ]);
  });

  it("says so when nothing was ever bought, without the table's tools", async () => {
    renderPage([]);
    expect(await screen.findByText("You haven't purchased anything yet.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByLabelText('Search invoices')).toBeNull();
  });

  it('shows a refusal with a Retry', async () => {
    const server = fakeApi({ 'GET /api/purchase-history': () => reply(403, { message: 'This action is unauthorized.' }) });
    render(
      <MemoryRouter initialEntries={['/purchase-history']}>
        <PurchaseHistory api={server.api} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/This action is unauthorized/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });

  it("links the Site tab's shop address, from the empty state when nothing was bought", async () => {
    renderPage([]);
    await screen.findByText("You haven't purchased anything yet.");
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Visit the shop' }).getAttribute('href')).toBe('https://shop.example.test/'),
    );
  });

  it("links the Site tab's shop address beside the invoices", async () => {
    renderPage(INVOICES);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Visit the shop' }).getAttribute('href')).toBe('https://shop.example.test/'),
    );
  });
});
