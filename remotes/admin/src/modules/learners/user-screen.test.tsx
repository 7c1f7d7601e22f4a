import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeApi, reply, type FakeHandler } from '@portal/frontend-kit/testing';
import { AddUserScreen } from './user-screen';

const companyOptions: FakeHandler = ({ query }) => ({
  data: [
    { id: 2, name: 'Demo Construction Ltd', parent_id: null },
    { id: 3, name: 'North Depot', parent_id: 2 },
  ].filter((c) => !query.get('search') || c.name.includes(query.get('search')!)),
});

function renderAddUser(createUser: FakeHandler) {
  const server = fakeApi({ 'GET /api/admin/company-options': companyOptions, 'POST /api/user': createUser });
  render(<AddUserScreen api={server.api} />);
  return server;
}

async function fillIn({ name, email, role }: { name: string; email?: string; role?: string }) {
  fireEvent.change(screen.getByLabelText('Name', { exact: true }), { target: { value: name } });
  if (email !== undefined) fireEvent.change(screen.getByLabelText('Email', { exact: true }), { target: { value: email } });
  if (role) fireEvent.change(screen.getByLabelText('Role'), { target: { value: role } });
  fireEvent.change(screen.getByLabelText('Search companies'), { target: { value: 'North' } });
  await screen.findByRole('option', { name: 'North Depot (depot)' });
  fireEvent.change(screen.getByLabelText('Company'), { target: { value: '3' } });
}

const posted = (server: ReturnType<typeof fakeApi>) => server.requests.filter((r) => r.method === 'POST');

describe('AddUserScreen', () => {
  it('starts as a learner and sends the form as the body of POST /api/user', async () => {
    const server = renderAddUser(() => ({ success: true, message: 'User successfully created!', data: { id: 9, login_code: 'AB12CD' } }));
    expect(screen.getByLabelText('Role')).toHaveProperty('value', 'learner');
    await fillIn({ name: 'Nina Newstart' });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('User successfully created! Login code: AB12CD.')).toBeTruthy();
    expect(posted(server)).toHaveLength(1);
    expect(posted(server)[0]!.body).toMatchObject({ name: 'Nina Newstart', role: 'learner', company_id: 3 });
  });

  it('asks a manager for an email before sending anything', async () => {
    const server = renderAddUser(() => ({}));
    await fillIn({ name: 'Mia Manager', role: 'manager' });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('Email is required for manager role')).toBeTruthy();
    expect(posted(server)).toEqual([]);
  });

  it('puts the server’s 422 messages under their fields', async () => {
    renderAddUser(() =>
      reply(422, { message: 'The given data was invalid.', errors: { email: ['A user with this email already exists'] } }),
    );
    await fillIn({ name: 'Mia Manager', email: 'learner@portal.test', role: 'manager' });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(document.getElementById('user-email-error')?.textContent).toBe('A user with this email already exists'));
    expect(screen.getByLabelText('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('The given data was invalid.')).toBeNull();
  });
});
