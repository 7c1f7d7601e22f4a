import { act, render, screen } from '@testing-library/react';
import { HELP_EMAIL } from '@portal/contracts';
import { publishSiteSettings, resetSiteSettings } from '@portal/frontend-kit';
import { ErrorPage } from './error-page';

describe('ErrorPage', () => {
  afterEach(() => act(() => resetSiteSettings()));

  it('offers the default help address when the shell never loaded', () => {
    render(<ErrorPage error={new Error('boom')} />);
    expect(screen.getByRole('link', { name: HELP_EMAIL }).getAttribute('href')).toBe(`mailto:${HELP_EMAIL}`);
  });

  it('offers the help address saved in the Site tab', () => {
    act(() => publishSiteSettings({ help_email: 'desk@example.test' }));
    render(<ErrorPage error={new Error('boom')} />);
    expect(screen.getByRole('link', { name: 'desk@example.test' }).getAttribute('href')).toBe('mailto:desk@example.test');
  });
});
