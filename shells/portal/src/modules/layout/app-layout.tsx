import { Outlet, useLocation } from 'react-router';
import { PageNoticeBanner, SiteFooter, SkipLink } from '@portal/frontend-kit';
import { ErrorBoundary } from '../errors/error-boundary';
import { useLinkInterception } from '../navigation/use-link-interception';
import { useShell } from '../session/shell-context';
import { Header } from './header';
import { MimicBanner } from './mimic-banner';

/** Header from the server, the page, the footer. A page that crashes shows the Error page in place. */
export function AppLayout() {
  const { user, is_development } = useShell();
  const location = useLocation();
  useLinkInterception();
  return (
    <div className="shell-app">
      <SkipLink className="shell-skip-link" />
      {user.is_mimicking ? <MimicBanner user={user} /> : null}
      <Header />
      <main id="main" className="shell-main shell-container" tabIndex={-1}>
        {/* A notice left for this page before it opened (mimic, finishing a course): shown once. */}
        <PageNoticeBanner path={location.pathname} />
        <ErrorBoundary key={location.pathname} user={user} isDevelopment={is_development}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <SiteFooter containerClassName="shell-container" />
    </div>
  );
}
