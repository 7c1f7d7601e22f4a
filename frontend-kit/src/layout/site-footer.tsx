import type { SiteSettings } from '@portal/contracts';
import { useSiteSettings } from '../settings/use-site-settings';
import './site-footer.css';

/**
 * The footer of every shell: help, verify, privacy and terms links, the help address and the
 * support contact, from the Site tab's settings as the shell published them (`useSiteSettings`),
 * or the ones given.
 */
export function SiteFooter({ containerClassName, settings: given }: { containerClassName: string; settings?: SiteSettings }) {
  const published = useSiteSettings();
  const settings = given ?? published;
  return (
    <footer className="site-footer">
      <div className={`${containerClassName} site-footer__inner`}>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <a href={settings.help_url}>Help</a>
            </li>
            <li>
              <a href="/verify">Verify a certificate</a>
            </li>
            <li>
              <a href={settings.privacy_url}>Privacy policy</a>
            </li>
            <li>
              <a href={settings.terms_url}>Terms and conditions</a>
            </li>
          </ul>
        </nav>
        <p className="site-footer__meta">
          Need a hand? <a href={`mailto:${settings.help_email}`}>{settings.help_email}</a>
          <span aria-hidden="true"> · </span>
          <span data-testid="support-contact">{settings.support_contact}</span>
          <span aria-hidden="true"> · </span>© {new Date().getFullYear()} Safety Training
        </p>
      </div>
    </footer>
  );
}
