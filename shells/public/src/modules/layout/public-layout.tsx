import { Outlet } from 'react-router';
import { SiteFooter, SkipLink } from '@portal/frontend-kit';
import { BrandMark } from './brand-mark';

export function PublicLayout() {
  return (
    <div className="public-app">
      <SkipLink className="public-skip-link" />
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
      <SiteFooter containerClassName="public-container" />
    </div>
  );
}
