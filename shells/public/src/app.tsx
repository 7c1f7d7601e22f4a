import { BrowserRouter, Route, Routes } from 'react-router';
import { PublicLayout } from './modules/layout/public-layout';
import { usePublicRemotes } from './modules/remotes/use-public-remotes';
import { LoginPage } from './pages/login-page';
import { LoginLinkPage } from './pages/login-link-page';
import { NotFoundPage } from './pages/not-found-page';
import { PasswordResetPage } from './pages/password-reset-page';
import { VerifyPage } from './pages/verify-page';

export function App() {
  const remotesState = usePublicRemotes();
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/login/link/:token" element={<LoginLinkPage />} />
          <Route path="/password/reset" element={<PasswordResetPage />} />
          <Route path="/password/reset/:token" element={<PasswordResetPage />} />
          <Route path="/verify" element={<VerifyPage remotesState={remotesState} />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
