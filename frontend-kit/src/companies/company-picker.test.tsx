import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { COMPANY_DROPDOWN_MAX_MATCHES, type CompanyOption } from '@portal/contracts';
import { FormField } from '@portal/design-system';
import { fakeApi, type FakeRequest } from '../testing/fake-api';
import { CompanyPicker } from './company-picker';

const COMPANIES: CompanyOption[] = [
  { id: 1, name: 'Default Company', parent_id: null },
  { id: 2, name: 'Demo Construction Ltd', parent_id: null },
  { id: 3, name: 'North Depot', parent_id: 2 },
  ...Array.from({ length: 12 }, (_, i) => ({ id: 10 + i, name: `Depot Works ${String(i).padStart(2, '0')}`, parent_id: null })),
];

/** The identity service's company options: a search over names, or one company by id, at most 10. */
function companyOptionsServer() {
  return fakeApi({
    'GET /api/admin/company-options': ({ query }: FakeRequest) => {
      const id = Number(query.get('id'));
      const search = query.get('search')?.toLowerCase();
      const rows = id ? COMPANIES.filter((c) => c.id === id) : COMPANIES.filter((c) => !search || c.name.toLowerCase().includes(search));
      return { data: rows.slice(0, 10) };
    },
  });
}

function Picker({
  api,
  initial = null,
  onChange = () => {},
}: {
  api: ReturnType<typeof fakeApi>['api'];
  initial?: number | null;
  onChange?: (id: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <FormField label="Company" htmlFor="user-company" error={value === null ? 'Choose a company.' : undefined}>
      <CompanyPicker
        api={api}
        id="user-company"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </FormField>
  );
}

const optionLabels = () =>
  within(screen.getByLabelText('Company'))
    .getAllByRole('option')
    .map((option) => option.textContent);
const searches = (requests: FakeRequest[]) => requests.filter((r) => !r.query.has('id')).map((r) => r.query.get('search'));

describe('CompanyPicker', () => {
  it('is a labelled select beside a search box, wired to the field’s error', async () => {
    const { api } = companyOptionsServer();
    render(<Picker api={api} />);
    const select = screen.getByLabelText('Company');
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('user-company-error');
    expect(screen.getByLabelText('Search companies').getAttribute('aria-controls')).toBe('user-company');
    await screen.findByRole('option', { name: 'Default Company' });
  });

  it('offers the first companies, then searches once typing pauses, from 2 characters, at most 10 matches', async () => {
    const { api, requests } = companyOptionsServer();
    render(<Picker api={api} />);
    await screen.findByRole('option', { name: 'Default Company' });
    expect(optionLabels()).toHaveLength(1 + COMPANY_DROPDOWN_MAX_MATCHES);

    const box = screen.getByLabelText('Search companies');
    fireEvent.change(box, { target: { value: 'D' } });
    fireEvent.change(box, { target: { value: 'De' } });
    fireEvent.change(box, { target: { value: 'Depot' } });
    await waitFor(() =>
      expect(optionLabels()).toEqual(['Choose a company…', 'North Depot (depot)', ...COMPANIES.slice(3, 12).map((c) => c.name)]),
    );
    // One request for the first companies, one for the pause; none per key, none below 2 characters.
    expect(searches(requests)).toEqual([null, 'Depot']);
  });

  it('hands the chosen id over and keeps the chosen company listed while another search runs', async () => {
    const { api } = companyOptionsServer();
    const onChange = vi.fn();
    render(<Picker api={api} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Search companies'), { target: { value: 'Demo' } });
    await waitFor(() => expect(optionLabels()).toEqual(['Choose a company…', 'Demo Construction Ltd']));

    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith(2);

    fireEvent.change(screen.getByLabelText('Search companies'), { target: { value: 'North' } });
    await waitFor(() => expect(optionLabels()).toEqual(['Choose a company…', 'Demo Construction Ltd', 'North Depot (depot)']));
    expect(screen.getByLabelText<HTMLSelectElement>('Company').value).toBe('2');

    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows a company set from outside that no search has listed, asked for by id', async () => {
    const { api, requests } = companyOptionsServer();
    render(<Picker api={api} initial={21} />);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Company').value).toBe('21'));
    expect(screen.getByRole('option', { name: 'Depot Works 11', selected: true })).toBeTruthy();
    expect(requests.some((r) => r.query.get('id') === '21')).toBe(true);
  });

  it('keeps the last matches while the next search loads, so an option can still be chosen', async () => {
    let answerNorth: (value: unknown) => void = () => {};
    const { api, requests } = fakeApi({
      'GET /api/admin/company-options': ({ query }: FakeRequest) =>
        query.get('search') ? new Promise((resolve) => (answerNorth = resolve)) : { data: COMPANIES.slice(0, 3) },
    });
    const onChange = vi.fn();
    render(<Picker api={api} onChange={onChange} />);
    await waitFor(() =>
      expect(optionLabels()).toEqual(['Choose a company…', 'Default Company', 'Demo Construction Ltd', 'North Depot (depot)']),
    );

    fireEvent.change(screen.getByLabelText('Search companies'), { target: { value: 'North' } });
    // The search for 'North' is on its way and has not answered: the first companies are still offered.
    await waitFor(() => expect(searches(requests)).toEqual([null, 'North']));
    expect(optionLabels()).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: '3' } });
    expect(onChange).toHaveBeenLastCalledWith(3);

    answerNorth({ data: [COMPANIES[2]] });
    await waitFor(() => expect(optionLabels()).toEqual(['Choose a company…', 'North Depot (depot)']));
    expect(screen.getByLabelText<HTMLSelectElement>('Company').value).toBe('3');
  });
});
