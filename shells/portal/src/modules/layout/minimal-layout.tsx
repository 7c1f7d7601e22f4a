import { Link, Outlet, useLocation } from 'react-router';
import { PageNoticeBanner, SkipLink } from '@portal/frontend-kit';
import { ErrorBoundary } from '../errors/error-boundary';
import { useLinkInterception } from '../navigation/use-link-interception';
import { useShell } from '../session/shell-context';
import { BrandMark } from './brand-mark';

/** Learner course pages: a slim header with an Exit course link, the rest of the screen for the course. */
export function MinimalLayout() {
  const { user, is_development } = useShell();
  const location = useLocation();
  useLinkInterception();
  return (
    <div className="shell-app shell-app--minimal">
      <SkipLink className="shell-skip-link" />
      <header className="shell-minimal-header">
        <span className="shell-brand">
          <BrandMark />
          <span className="shell-brand__name">Safety Training</span>
        </span>
        <Link to="/" className="shell-exit-link" data-testid="exit-course">
          Exit course
        </Link>
      </header>
      <main id="main" className="shell-minimal-main" tabIndex={-1}>
        <PageNoticeBanner path={location.pathname} />
        <ErrorBoundary key={location.pathname} user={user} isDevelopment={is_development}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </div>
  );
}
