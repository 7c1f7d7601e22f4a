import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { PEOPLE_MESSAGES, type Person } from '@portal/contracts';
import { fakeApi, type FakeRequest } from '@portal/frontend-kit/testing';
import { PeopleList } from './people-list';

const person = (id: number, name: string, companyId = 3): Person => ({
  id,
  name,
  email: null,
  login_code: `CODE${id}`,
  company_id: companyId,
  company_name: companyId === 3 ? 'Acme' : 'Acme North',
  enrolments: 0,
  anonymised: false,
  created_at: '2026-03-01T09:00:00.000Z',
});
const COMPANIES = [
  { id: 3, name: 'Acme' },
  { id: 4, name: 'Acme North' },
];

function renderList(all: Person[]) {
  const server = fakeApi({
    'GET /api/company/3/people': ({ query }: FakeRequest) => {
      const depot = Number(query.get('depot_id') ?? 0);
      const data = all.filter((p) => !depot || p.company_id === depot);
      return {
        data,
        current_page: 1,
        last_page: 1,
        per_page: 25,
        total: data.length,
        from: data.length ? 1 : null,
        to: data.length || null,
        prev_page_url: null,
        next_page_url: null,
        companies: COMPANIES,
      };
    },
  });
  function Address() {
    const location = useLocation();
    return <output data-testid="address">{location.pathname + location.search}</output>;
  }
  render(
    <MemoryRouter initialEntries={['/people']}>
      <PeopleList api={server.api} companyId={3} renderSlips={(ids) => <span data-testid="slips">{ids.join(',')}</span>} />
      <Address />
    </MemoryRouter>,
  );
  return server;
}

describe('PeopleList', () => {
  it('says so when the company has nobody yet', async () => {
    renderList([]);
    expect(await screen.findByText(PEOPLE_MESSAGES.emptyNoPeople)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('filters by depot through the address and says when nobody matches', async () => {
    const { requests } = renderList([person(1, 'Ann'), person(2, 'Bob')]);
    await screen.findByText('Showing 1–2 of 2 people');
    fireEvent.change(screen.getByRole('combobox', { name: 'Depot' }), { target: { value: '4' } });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/people?depot_id=4'));
    expect(await screen.findByText(PEOPLE_MESSAGES.emptyNoMatch)).toBeTruthy();
    expect(requests.at(-1)!.query.toString()).toBe('depot_id=4');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/people'));
  });

  it('selects people, one by one or the page, and links the wizard with their ids', async () => {
    renderList([person(12, 'Ann'), person(15, 'Bob', 4), person(20, 'Cat')]);
    await screen.findByText('Showing 1–3 of 3 people');
    fireEvent.click(screen.getByLabelText('Select Ann'));
    fireEvent.click(screen.getByLabelText('Select Bob'));
    const bar = screen.getByRole('group', { name: 'Chosen people' });
    expect(within(bar).getByText('2 people selected')).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Enrol' }).getAttribute('href')).toBe('/enrolments/create/v2?users=12,15');
    expect(within(bar).getByTestId('slips').textContent).toBe('12,15');
    fireEvent.click(screen.getByLabelText('Select everyone on this page'));
    expect(within(bar).getByText('3 people selected')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Select everyone on this page'));
    expect(screen.queryByRole('group', { name: 'Chosen people' })).toBeNull();
  });
});
