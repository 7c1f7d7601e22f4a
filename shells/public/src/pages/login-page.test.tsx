import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { deviceCopyNames, keepDeviceCopy } from '@portal/frontend-kit';
import type { FakeRequest } from '@portal/frontend-kit/testing';
import { codeFromAddress, LoginPage } from './login-page';

const server = vi.hoisted((): { requests: FakeRequest[] } => ({ requests: [] }));

vi.mock('../modules/api/api-client', async () => {
  const { fakeApi, reply } = await import('@portal/frontend-kit/testing');
  const fake = fakeApi({ 'POST /api/auth/login': () => reply(401, { message: 'These credentials do not match our records.' }) });
  server.requests = fake.requests;
  return { api: fake.api };
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderAt(address: string) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <LoginPage />
      <Address />
    </MemoryRouter>,
  );
}

describe('LoginPage (issue 31 item 6)', () => {
  it('drops the player’s copies of a session that ended without sign-out (its unsent commits stay in IndexedDB)', () => {
    keepDeviceCopy('shell:7', { user: { id: 7 } });
    keepDeviceCopy('launch:7:12', { seq: 3 });
    localStorage.setItem('unrelated', 'stays');
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Sign in to your training' })).toBeTruthy();
    expect(deviceCopyNames()).toEqual([]);
    expect(localStorage.getItem('unrelated')).toBe('stays');
  });
});

describe('LoginPage with a sign-in slip’s code (issue 32 item 5)', () => {
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('opens the Login code tab with the code filled in, takes it out of the address, and signs in only when asked', async () => {
    renderAt('/login?code=hstl7abc2d&next=x');
    expect(screen.getByRole('tab', { name: 'Login code' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Your login code') as HTMLInputElement).value).toBe('HSTL7ABC2D');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/login?next=x'));
    expect(server.requests).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in with code' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]!.body).toEqual({ login_code: 'HSTL7ABC2D' });
  });

  it('keeps the code when the learner looks at another tab and comes back', () => {
    renderAt('/login?code=PLAN8XYZ3E');
    fireEvent.click(screen.getByRole('tab', { name: 'Email and password' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Login code' }));
    expect((screen.getByLabelText('Your login code') as HTMLInputElement).value).toBe('PLAN8XYZ3E');
  });

  it('opens as before without a code, or with one that cannot be a login code', () => {
    renderAt('/login?code=%3Cscript%3E');
    expect(screen.getByRole('tab', { name: 'Email and password' }).getAttribute('aria-selected')).toBe('true');
    expect(codeFromAddress(null)).toBeNull();
    expect(codeFromAddress(' abc-123 ')).toBe('ABC-123');
    expect(codeFromAddress('ab')).toBeNull();
    expect(codeFromAddress('A'.repeat(65))).toBeNull();
  });
});
