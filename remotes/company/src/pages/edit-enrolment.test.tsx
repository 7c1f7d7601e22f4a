import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { REPORTING_MESSAGES } from '@portal/contracts';
import { fakeApi, reply, type FakeHandler } from '@portal/frontend-kit/testing';
import EditEnrolment from './edit-enrolment';

const enrolment = (editable: boolean) => ({
  data: {
    id: 7,
    status: editable ? 'not_started' : 'in_progress',
    course: { id: 1, name: 'Fire Safety' },
    learner: { id: 70, name: 'Ann Learner', email: null, login_code: 'ANN23456' },
    depot: 2,
    depots: [
      { id: 2, name: 'Acme' },
      { id: 3, name: 'Acme North' },
    ],
    editable,
  },
});

function renderPage(handlers: Record<string, FakeHandler>) {
  const server = fakeApi(handlers);
  function Reporting() {
    const location = useLocation();
    return <output data-testid="reporting">{JSON.stringify(location.state)}</output>;
  }
  render(
    <MemoryRouter initialEntries={['/enrolments/7/edit']}>
      <Routes>
        <Route path="/enrolments/:id/edit" element={<EditEnrolment api={server.api} />} />
        <Route path="/reporting" element={<Reporting />} />
      </Routes>
    </MemoryRouter>,
  );
  return server;
}

describe('EditEnrolment', () => {
  it('saves name, email and depot, and goes back to /reporting with the message', async () => {
    const server = renderPage({
      'GET /api/enrolments/7': () => enrolment(true),
      'POST /api/enrolments/7/edit': () => ({ success: true, message: REPORTING_MESSAGES.edited }),
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ann Smith' } });
    fireEvent.change(screen.getByLabelText('Depot'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('reporting').textContent).toContain(REPORTING_MESSAGES.edited));
    expect(server.requests.at(-1)?.body).toMatchObject({ name: 'Ann Smith', depot: 3 });
  });

  it('shows server errors under the fields', async () => {
    renderPage({
      'GET /api/enrolments/7': () => enrolment(true),
      'POST /api/enrolments/7/edit': () =>
        reply(422, { message: 'The given data was invalid.', errors: { email: ['The email has already been taken.'] } }),
    });
    fireEvent.change(await screen.findByLabelText('Email (optional)'), { target: { value: 'taken@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(document.getElementById('enrolment-email-error')?.textContent).toBe('The email has already been taken.'));
  });

  it('deletes with a refund after asking', async () => {
    const server = renderPage({
      'GET /api/enrolments/7': () => enrolment(true),
      'POST /api/enrolments/7/delete': () => ({ success: true, message: REPORTING_MESSAGES.deleted, refunded: 1 }),
    });
    expect(await screen.findByText(/only available if the employee has not started/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete enrolment' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete enrolment' });
    expect(dialog.textContent).toContain('refunded');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete and refund' }));
    await waitFor(() => expect(screen.getByTestId('reporting').textContent).toContain(REPORTING_MESSAGES.deleted));
    expect(server.requests.some((r) => r.path === '/api/enrolments/7/delete')).toBe(true);
  });

  it('offers neither editing nor deleting once the learner has started', async () => {
    renderPage({ 'GET /api/enrolments/7': () => enrolment(false) });
    expect(await screen.findByText(REPORTING_MESSAGES.onlyNotStarted)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete enrolment' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
  });
});
