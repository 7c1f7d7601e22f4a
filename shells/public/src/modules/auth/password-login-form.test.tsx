import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { reply, type FakeHandler, type FakeRequest } from '@portal/frontend-kit/testing';
import { PasswordLoginForm } from './password-login-form';

const server = vi.hoisted((): { login: FakeHandler; requests: FakeRequest[] } => ({ login: () => ({}), requests: [] }));

vi.mock('../api/api-client', async () => {
  const { fakeApi } = await import('@portal/frontend-kit/testing');
  const fake = fakeApi({ 'POST /api/auth/login': (request) => server.login(request) });
  server.requests = fake.requests;
  return { api: fake.api };
});

async function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
}

describe('PasswordLoginForm', () => {
  beforeEach(() => {
    server.requests.length = 0;
    render(<PasswordLoginForm />);
  });

  it('sends the email and password as the body of POST /api/auth/login', async () => {
    server.login = () => reply(401, { message: 'These details do not match our records.' });
    await signIn('manager@portal.test', 'Wrong!2345');
    expect(server.requests[0]!.body).toEqual({ email: 'manager@portal.test', password: 'Wrong!2345' });
    expect(await screen.findByText('These details do not match our records.')).toBeTruthy();
  });

  it('puts a 422’s messages under their fields, with no form-level message', async () => {
    server.login = () => reply(422, { message: 'The given data was invalid.', errors: { email: ['Enter a valid email address.'] } });
    await signIn('manager@portal.test', 'Manager!2345');
    await waitFor(() => expect(document.getElementById('login-email-error')?.textContent).toBe('Enter a valid email address.'));
    expect(screen.queryByText('Sign-in failed')).toBeNull();
  });

  it.each([
    [429, { message: 'Too many sign-in attempts. Try again in 60 seconds.' }, 'Too many sign-in attempts. Try again in 60 seconds.'],
    [500, { message: 'SQLSTATE[HY000]' }, 'We could not sign you in right now. Please try again in a moment.'],
    [422, { message: 'Choose one way in.', errors: { login_code: ['Choose one way in.'] } }, 'Choose one way in.'],
  ])('shows a %i as a form-level message', async (status, body, text) => {
    server.login = () => reply(status, body);
    await signIn('manager@portal.test', 'Manager!2345');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByText('Sign-in failed')).toBeTruthy();
  });

  it('says so when the portal cannot be reached', async () => {
    server.login = () => {
      throw new TypeError('Failed to fetch');
    };
    await signIn('manager@portal.test', 'Manager!2345');
    expect(await screen.findByText('We could not reach the portal. Check your connection and try again.')).toBeTruthy();
  });
});
