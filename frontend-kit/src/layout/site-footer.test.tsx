import { act, render, screen, within } from '@testing-library/react';
import { HELP_EMAIL, HELP_URL, PRIVACY_URL, TERMS_URL } from '@portal/contracts';
import { publishSiteSettings, resetSiteSettings } from '../settings/use-site-settings';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('is a labelled content-info landmark with help, verify, privacy and terms links', () => {
    render(<SiteFooter containerClassName="shell-container" />);

    const footer = screen.getByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Footer' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Help', HELP_URL],
      ['Verify a certificate', '/verify'],
      ['Privacy policy', PRIVACY_URL],
      ['Terms and conditions', TERMS_URL],
    ]);
    expect(within(footer).getByRole('link', { name: HELP_EMAIL }).getAttribute('href')).toBe(`mailto:${HELP_EMAIL}`);
  });

  it("sits in the shell's page-width container", () => {
    const { container } = render(<SiteFooter containerClassName="public-container" />);
    expect(container.querySelector('.public-container.site-footer__inner')).not.toBeNull();
  });

  it('shows the settings the shell published (the public shell has no props to pass)', () => {
    render(<SiteFooter containerClassName="public-container" />);
    act(() =>
      publishSiteSettings({ help_email: 'desk@example.test', privacy_url: 'https://example.test/privacy', support_contact: 'Ring us' }),
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'desk@example.test' }).getAttribute('href')).toBe('mailto:desk@example.test');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://example.test/privacy');
    expect(within(footer).getByTestId('support-contact').textContent).toBe('Ring us');
    act(() => resetSiteSettings());
  });
});
