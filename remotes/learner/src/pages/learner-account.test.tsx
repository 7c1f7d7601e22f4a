import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@portal/contracts';
import { fakeApi, reply, type FakeHandler } from '@portal/frontend-kit/testing';
import LearnerAccount from './learner-account';

const session: SessionUser = {
  id: 12,
  name: 'Lee Learner',
  email: 'lee@example.test',
  role: 'learner',
  company_id: 3,
  company_name: 'Harbour Works Ltd',
  is_mimicking: false,
};
const account = {
  name: 'Lee Learner',
  email: 'lee@example.test',
  has_password: true,
  has_login_code: true,
  is_purchased_account: false,
  purchase_history_url: null,
  recent_sign_ins: [{ at: '2026-06-15T09:30:00.000Z', method: 'password' }],
};
const emptyPage = {
  data: [],
  current_page: 1,
  last_page: 1,
  per_page: 10,
  total: 0,
  from: null,
  to: null,
  prev_page_url: null,
  next_page_url: null,
};

function renderPage(handlers: Record<string, FakeHandler> = {}, data: Partial<typeof account> = {}) {
  const server = fakeApi({
    'GET /api/learner-account': () => ({ ...account, ...data }),
    'GET /api/learner-account/certificates': () => emptyPage,
    ...handlers,
  });
  render(
    <MemoryRouter initialEntries={['/account']}>
      <LearnerAccount session={session} api={server.api} />
    </MemoryRouter>,
  );
  return server;
}

describe('learner Account page', () => {
  it('shows the learner’s parts and none of the company’s', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
    await screen.findByLabelText('First name');
    for (const title of ['Your details', 'Ways to sign in', 'My certificates', 'My data']) expect(screen.getByText(title)).toBeTruthy();
    expect(screen.queryByText(/credit/i)).toBeNull();
    expect(screen.queryByText(/logo/i)).toBeNull();
    expect(screen.queryByText(/depot/i)).toBeNull();
    expect(screen.queryByText(/notification/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Purchase history' })).toBeNull();
    expect(await screen.findByText('You do not hold any certificates yet. Pass a course to earn one.')).toBeTruthy();
  });

  it('checks the name as the name confirmation does and sends only { name } when it changed', async () => {
    const server = renderPage({
      'PATCH /api/user/12': () => reply(422, { message: 'The given data was invalid.', errors: { name: ['Name is too odd'] } }),
    });
    const first = await screen.findByLabelText('First name');
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Last name is required')).toBeTruthy();
    fireEvent.change(first, { target: { value: 'Leigh' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Learner-Smith' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name is too odd')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Leigh Learner-Smith' });
  });

  it('shows the login code on request and says whether it was copied', async () => {
    const writeText = vi.fn().mockRejectedValueOnce(new Error('denied')).mockResolvedValueOnce(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const server = renderPage({ 'GET /api/learner-account/login-code': () => ({ login_code: 'HX7K2P9Q' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Show my login code' }));
    expect((await screen.findByTestId('login-code')).textContent).toBe('HX7K2P9Q');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Could not copy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied!')).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith('HX7K2P9Q');
    expect(server.requests.filter((r) => r.path === '/api/learner-account/login-code')).toHaveLength(1);
  });

  it('asks a learner without a password for an email to send the set-up link to, and shows the purchase history link to a shop account', async () => {
    const server = renderPage(
      { 'POST /api/learner-account/sign-in-set-up': () => ({ success: true, message: 'We have emailed you a link.' }) },
      { email: null, has_password: false, is_purchased_account: true, purchase_history_url: '/purchase-history' } as never,
    );
    const email = await screen.findByLabelText('Email address');
    expect(screen.getByRole('button', { name: 'Send me a sign-in link' })).toHaveProperty('disabled', true);
    fireEvent.change(email, { target: { value: 'new@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link to set my password' }));
    expect(await screen.findByText('We have emailed you a link.')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'new@example.test' });
    expect(screen.getByRole('link', { name: 'Purchase history' }).getAttribute('href')).toBe('/purchase-history');
  });

  it('puts the server’s field errors under the email and password fields', async () => {
    renderPage({
      'POST /api/learner-account/sign-in-details': () =>
        reply(422, { message: 'Invalid.', errors: { current_password: ['That is not your current password.'] } }),
    });
    const form = await screen.findByRole('form', { name: 'Email and password' });
    fireEvent.change(within(form).getByLabelText('Email address'), { target: { value: 'other@example.test' } });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'wrong-one' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save email and password' }));
    await waitFor(() => expect(within(form).getByText('That is not your current password.')).toBeTruthy());
  });
});
