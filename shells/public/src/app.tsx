import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Spinner } from '@portal/design-system';
import { PublicLayout } from './modules/layout/public-layout';
import { usePublicSiteSettings } from './modules/settings/use-public-site-settings';
import { LogoutPage } from './pages/logout-page';
import { NotFoundPage } from './pages/not-found-page';
import { VerifyPage } from './pages/verify-page';

// The sign-in pages and their forms (react-hook-form, zod resolvers) load with their page, not on /verify.
const LoginPage = lazy(() => import('./pages/login-page').then((module) => ({ default: module.LoginPage })));
const LoginLinkPage = lazy(() => import('./pages/login-link-page').then((module) => ({ default: module.LoginLinkPage })));
const PasswordResetPage = lazy(() => import('./pages/password-reset-page').then((module) => ({ default: module.PasswordResetPage })));

function page(element: ReactNode) {
  return (
    <Suspense
      fallback={
        <div className="shell-remote-loading">
          <Spinner label="Loading…" />
        </div>
      }
    >
      {element}
    </Suspense>
  );
}

export function App() {
  // Public routes only: nobody here is signed in (no /api/shell). The remotes registry is read by /verify alone.
  usePublicSiteSettings();
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/login" element={page(<LoginPage />)} />
          <Route path="/login/link/:token" element={page(<LoginLinkPage />)} />
          <Route path="/password/reset" element={page(<PasswordResetPage />)} />
          <Route path="/password/reset/:token" element={page(<PasswordResetPage />)} />
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="/logout" element={<LogoutPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
