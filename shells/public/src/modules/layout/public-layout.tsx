import { Outlet, useLocation } from 'react-router';
import { SiteFooter, SkipLink } from '@portal/frontend-kit';
import { BrandMark } from './brand-mark';

export function PublicLayout() {
  // Whoever is asked to confirm logging out is signed in: no Sign in link then.
  const isSignedIn = useLocation().pathname === '/logout';
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
              {isSignedIn ? null : (
                <li>
                  <a href="/login" className="public-header__signin">
                    Sign in
                  </a>
                </li>
              )}
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
