import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import type { Role } from '@portal/contracts';
import { ShellProvider } from '../session/shell-context';
import { shellData } from '../../testing/shell-data';
import { MobileMenu } from './mobile-menu';

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      Go to {to}
    </button>
  );
}

function renderMobileMenu(role: Role, isOpen = true) {
  const onClose = vi.fn();
  render(
    <ShellProvider value={shellData(role)}>
      <MemoryRouter initialEntries={['/']}>
        <MobileMenu id="mobile-menu" isOpen={isOpen} onClose={onClose} balance={12} />
        <GoTo to="/reporting?s=3" />
      </MemoryRouter>
    </ShellProvider>,
  );
  onClose.mockClear();
  return onClose;
}

describe('MobileMenu', () => {
  it('shows the credit balance and Buy credit to company users, with help and verify links', () => {
    renderMobileMenu('manager');
    expect(screen.getByTestId('mobile-credit-balance').textContent).toBe('12');
    expect(screen.getByRole('link', { name: 'Buy credit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify a certificate' }).getAttribute('href')).toBe('/verify');
  });

  it('shows no credits to learners', () => {
    renderMobileMenu('learner');
    expect(screen.queryByTestId('mobile-credit-balance')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy credit' })).toBeNull();
  });

  it('is hidden while closed', () => {
    renderMobileMenu('manager', false);
    expect(screen.getByTestId('mobile-menu').hidden).toBe(true);
  });

  it('closes on Escape and once the page changes', () => {
    const onClose = renderMobileMenu('manager');
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Go to /reporting?s=3' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
