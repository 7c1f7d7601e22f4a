import { render, screen } from '@testing-library/react';
import { LogoutPage } from './logout-page';

describe('LogoutPage (issue 24 item 5)', () => {
  it('is one press: a form posting the session’s XSRF token to /logout, with a way to stay', () => {
    document.cookie = 'XSRF-TOKEN=token-of-this-session; path=/';
    render(<LogoutPage />);
    const form = screen.getByTestId('logout-confirmation') as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(new URL(form.action).pathname).toBe('/logout');
    expect((form.elements.namedItem('_token') as HTMLInputElement).value).toBe('token-of-this-session');
    expect(screen.getByRole('button', { name: 'Log out' }).className).toContain('ds-button');
    expect(screen.getByRole('link', { name: 'Stay signed in' }).getAttribute('href')).toBe('/');
  });
});
