import { render, screen } from '@testing-library/react';
import { deviceCopyNames, keepDeviceCopy } from '@portal/frontend-kit';
import { LoginPage } from './login-page';

describe('LoginPage (issue 31 item 6)', () => {
  it('drops the player’s copies of a session that ended without sign-out (its unsent commits stay in IndexedDB)', () => {
    keepDeviceCopy('shell:7', { user: { id: 7 } });
    keepDeviceCopy('launch:7:12', { seq: 3 });
    localStorage.setItem('unrelated', 'stays');
    render(<LoginPage />);
    expect(screen.getByRole('heading', { name: 'Sign in to your training' })).toBeTruthy();
    expect(deviceCopyNames()).toEqual([]);
    expect(localStorage.getItem('unrelated')).toBe('stays');
  });
});
