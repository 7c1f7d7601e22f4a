import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { PEOPLE_MESSAGES, USER_MESSAGES, type Person, type PersonEnrolment } from '@portal/contracts';
import { fakeApi, reply } from '@portal/frontend-kit/testing';
import { PersonView } from './person-view';

const PERSON: Person = {
  id: 12,
  name: 'Ann Archer',
  email: 'ann@example.test',
  login_code: 'ANNCODE234',
  company_id: 3,
  company_name: 'Acme',
  enrolments: 0,
  anonymised: false,
  created_at: '2026-03-01T09:00:00.000Z',
};
const COMPANIES = [
  { id: 3, name: 'Acme' },
  { id: 4, name: 'Acme North' },
];
const ENROLMENT: PersonEnrolment = {
  id: 90,
  course_id: 5,
  course_name: 'Working at Height',
  status: 'in_progress',
  enrolled_at: '2026-03-02T09:00:00.000Z',
  passed_at: null,
  expires_at: null,
};

function renderPerson(person: Person, enrolments: PersonEnrolment[] = [], handlers: Record<string, () => unknown> = {}) {
  const server = fakeApi({
    'GET /api/company/3/people/12': () => ({ data: { ...person, enrolment_list: enrolments }, companies: COMPANIES }),
    ...handlers,
  });
  function Address() {
    return <output data-testid="address">{useLocation().pathname}</output>;
  }
  render(
    <MemoryRouter initialEntries={['/people/12']}>
      <Routes>
        <Route path="/people/:id" element={<PersonView api={server.api} companyId={3} userId={12} renderSlips={() => null} />} />
        <Route path="/people" element={<p>The list</p>} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
  return server;
}

describe('PersonView', () => {
  it('shows the server’s field errors under their fields', async () => {
    const { requests } = renderPerson(PERSON, [], {
      'PATCH /api/company/3/people/12': () =>
        reply(422, { message: USER_MESSAGES.emailTaken, errors: { email: [USER_MESSAGES.emailTaken] } }),
    });
    fireEvent.change(await screen.findByLabelText('Email (optional)'), { target: { value: 'taken@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Depot/), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(USER_MESSAGES.emailTaken)).toBeTruthy();
    expect(screen.getByLabelText('Email (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(requests.at(-1)!.body).toEqual({ name: 'Ann Archer', email: 'taken@example.test', company_id: 4 });
  });

  it('asks before issuing a new code, saying the old one stops working; then shows the new one', async () => {
    const { requests } = renderPerson(PERSON, [], {
      'POST /api/company/3/people/12/login-code': () => ({
        success: true,
        message: PEOPLE_MESSAGES.newLoginCode,
        data: { ...PERSON, login_code: 'NEWCODE567' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Issue a new code' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue a new login code' });
    expect(dialog.textContent).toContain('Their current code, ANNCODE234, stops working at once');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue a new code' }));
    await waitFor(() => expect(screen.getByTestId('person-login-code').textContent).toBe('NEWCODE567'));
    expect(screen.getByText(PEOPLE_MESSAGES.newLoginCode)).toBeTruthy();
  });

  it('offers removing a learner without enrolments and goes back to the list once removed', async () => {
    renderPerson(PERSON, [], { 'DELETE /api/company/3/people/12': () => ({ success: true, message: PEOPLE_MESSAGES.removed }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove learner' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove learner' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove learner' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/people'));
  });

  it('offers only anonymising a learner with enrolments, listing them with their state', async () => {
    renderPerson({ ...PERSON, enrolments: 1 }, [ENROLMENT]);
    expect(await screen.findByRole('link', { name: 'Working at Height' })).toBeTruthy();
    expect(screen.getByText('In Progress')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove learner' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Anonymise learner' }));
    expect(screen.getByRole('dialog', { name: 'Anonymise learner' }).textContent).toContain(
      'Their enrolment, results and certificates stay',
    );
  });
});
