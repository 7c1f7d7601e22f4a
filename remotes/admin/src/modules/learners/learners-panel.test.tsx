import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { AdminUser } from '@portal/contracts';
import { fakeApi, type FakeRequest } from '@portal/frontend-kit/testing';
import { LearnersPanel } from './learners-panel';

const users: AdminUser[] = Array.from({ length: 17 }, (_, i) => ({
  id: i + 1,
  name: `Zed ${String(i).padStart(2, '0')}`,
  email: null,
  role: 'learner',
  login_code: `CODE-${i}`,
  company_id: 2,
  company_name: 'Demo Construction Ltd',
  created_at: '2026-01-02T00:00:00.000Z',
}));

/** The identity service's learner list: search, sort by name, pages of 15. */
function usersServer() {
  return fakeApi({
    'GET /api/admin/users': ({ query }: FakeRequest) => {
      const search = query.get('search')?.toLowerCase();
      let rows = users.filter((u) => !search || u.name.toLowerCase().includes(search));
      if (query.get('sortBy') === 'name' && query.get('sortDir') === 'desc') rows = [...rows].reverse();
      const page = Number(query.get('page') ?? 1);
      const lastPage = Math.max(1, Math.ceil(rows.length / 15));
      return {
        data: rows.slice((page - 1) * 15, page * 15),
        current_page: page,
        last_page: lastPage,
        per_page: 15,
        total: rows.length,
        prev_page_url: null,
        next_page_url: null,
      };
    },
  });
}

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function renderPanel(url: string) {
  const server = usersServer();
  render(
    <MemoryRouter initialEntries={[url]}>
      <LearnersPanel api={server.api} />
      <Address />
    </MemoryRouter>,
  );
  return server;
}

const address = () => screen.getByTestId('address').textContent;
const firstRow = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row')[0]!;

describe('LearnersPanel', () => {
  it('asks for the page, sort and search the address names, and restores them from it', async () => {
    const { requests } = renderPanel('/admin?tab=learners&search=zed&sortBy=name&sortDir=desc&page=2');
    await screen.findByText('Page 2 of 2');
    expect(requests.at(-1)?.query.toString()).toBe('search=zed&sortBy=name&sortDir=desc&page=2');
    expect(screen.getByLabelText('Search learners')).toHaveProperty('value', 'zed');
    expect(screen.getByText('17 in total')).toBeTruthy();
  });

  it('searches once typing pauses, from 2 characters and from page 1', async () => {
    const { requests } = renderPanel('/admin?tab=learners&page=2');
    await screen.findByText('Page 2 of 2');

    fireEvent.change(screen.getByLabelText('Search learners'), { target: { value: 'z' } });
    expect(screen.getByText('Keep typing: search starts at 2 characters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search learners'), { target: { value: 'Zed 1' } });
    await waitFor(() => expect(address()).toBe('?tab=learners&search=Zed+1'));
    await screen.findByText('7 in total');
    expect(requests.map((r) => r.query.get('search'))).toEqual([null, 'Zed 1']);

    fireEvent.change(screen.getByLabelText('Search learners'), { target: { value: '' } });
    await waitFor(() => expect(address()).toBe('?tab=learners'));
    await screen.findByText('17 in total');
  });

  it('sorts and pages through the address', async () => {
    renderPanel('/admin?tab=learners');
    await screen.findByText('17 in total');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(address()).toBe('?tab=learners&sortBy=name&sortDir=asc');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(address()).toBe('?tab=learners&sortBy=name&sortDir=desc');
    await waitFor(() => expect(firstRow().textContent).toContain('Zed 16'));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(address()).toBe('?tab=learners&sortBy=name&sortDir=desc&page=2');
    await screen.findByText('Page 2 of 2');
  });

  it('says so when a search matches nobody', async () => {
    renderPanel('/admin?tab=learners&search=nobody');
    expect(await screen.findByText('No learners match your search.')).toBeTruthy();
  });
});
