import { Outlet } from 'react-router';
import { HELP_EMAIL, HELP_URL, PRIVACY_URL, TERMS_URL } from '@portal/contracts';
import { BrandMark } from './brand-mark';

export function PublicLayout() {
  return (
    <div className="public-app">
      <a className="public-skip-link" href="#main">
        Skip to content
      </a>
      <header className="public-header">
        <div className="public-container public-header__inner">
          <a href="/" className="public-brand" aria-label="Safety Training Portal, home">
            <BrandMark />
            <span className="public-brand__name">Safety Training</span>
          </a>
          <nav aria-label="Main">
            <ul className="public-header__links">
              <li>
                <a href="/verify">Verify a certificate</a>
              </li>
              <li>
                <a href="/login" className="public-header__signin">
                  Sign in
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="public-footer">
        <div className="public-container public-footer__inner">
          <nav aria-label="Footer">
            <ul className="public-footer__links">
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
          <p className="public-footer__meta">
            Need a hand? <a href={`mailto:${HELP_EMAIL}`}>{HELP_EMAIL}</a>
            <span aria-hidden="true"> · </span>© {new Date().getFullYear()} Safety Training
          </p>
        </div>
      </footer>
    </div>
  );
}
