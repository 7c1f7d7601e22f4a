import { HELP_EMAIL, HELP_URL, PRIVACY_URL, TERMS_URL } from '@portal/contracts';
import './site-footer.css';

/** The footer of every shell: help, verify, privacy and terms links, and the help address. */
export function SiteFooter({ containerClassName }: { containerClassName: string }) {
  return (
    <footer className="site-footer">
      <div className={`${containerClassName} site-footer__inner`}>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <a href={HELP_URL}>Help</a>
            </li>
            <li>
              <a href="/verify">Verify a certificate</a>
            </li>
            <li>
              <a href={PRIVACY_URL}>Privacy policy</a>
            </li>
            <li>
              <a href={TERMS_URL}>Terms and conditions</a>
            </li>
          </ul>
        </nav>
        <p className="site-footer__meta">
          Need a hand? <a href={`mailto:${HELP_EMAIL}`}>{HELP_EMAIL}</a>
          <span aria-hidden="true"> · </span>© {new Date().getFullYear()} Safety Training
        </p>
      </div>
    </footer>
  );
}
