import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { shellData } from '../../testing/shell-data';
import { MenuLinks } from './menu-links';

function renderMenu(url: string, onNavigate = () => {}) {
  const { user, menu } = shellData('admin', { name: 'Alex de la Admin' });
  return render(
    <MemoryRouter initialEntries={[url]}>
      <MenuLinks items={[...menu, { label: 'Verify', href: '/verify' }]} user={user} onNavigate={onNavigate} />
    </MemoryRouter>,
  );
}

describe('MenuLinks', () => {
  it('draws the server’s menu in its order, the admin item with its icon', () => {
    const { container } = renderMenu('/');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Admin',
      'Dashboard',
      'Courses',
      'ADAlex de la Admin (Account)',
      'Verify',
    ]);
    expect(screen.getByRole('button', { name: 'Log out' })).toBe(screen.getByTestId('menu-logout'));
    expect(screen.getByRole('link', { name: 'Admin' }).querySelector('svg.ds-admin-icon')).toBeTruthy();
    expect(container.querySelectorAll('svg.ds-admin-icon')).toHaveLength(1);
  });

  it('shows the account item as the user’s initials and name', () => {
    renderMenu('/');
    const account = screen.getByTestId('menu-account');
    expect(account.getAttribute('href')).toBe('/account');
    // The first letters of the first two words, hidden from screen readers, which hear the name.
    expect(account.querySelector('.shell-menu__avatar')?.textContent).toBe('AD');
    expect(screen.getByRole('link', { name: 'Alex de la Admin (Account)' })).toBe(account);
  });

  it('marks the page being shown, the dashboard only at /', () => {
    renderMenu('/courses');
    expect(screen.getByRole('link', { name: 'Courses' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('signs out by posting the session’s XSRF token to /logout', () => {
    document.cookie = 'XSRF-TOKEN=token-of-this-session; path=/';
    renderMenu('/');
    const form = screen.getByTestId('menu-logout').closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/logout');
    expect((form.elements.namedItem('_token') as HTMLInputElement).value).toBe('token-of-this-session');
  });

  it('leaves pages outside the portal to the browser, and reports in-portal navigation', () => {
    const onNavigate = vi.fn();
    renderMenu('/', onNavigate);
    expect(screen.getByRole('link', { name: 'Verify' }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Courses' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Courses' }).getAttribute('aria-current')).toBe('page');
  });
});
