import { BrowserRouter } from 'react-router';
import { Spinner } from '@portal/design-system';
import { ErrorBoundary } from './modules/errors/error-boundary';
import { ErrorPage } from './modules/errors/error-page';
import { ShellProvider } from './modules/session/shell-context';
import { useShellData } from './modules/session/use-shell-data';
import { PortalRoutes } from './routes/portal-routes';

export function App() {
  const shellState = useShellData();

  if (shellState.status === 'loading') {
    return (
      <div className="shell-boot" data-testid="shell-loading">
        <Spinner label="Loading the portal…" />
      </div>
    );
  }
  if (shellState.status === 'failed') {
    // /api/shell itself failed (5xx or network): the Error page, without user-specific details.
    return (
      <main id="main" className="shell-container shell-main">
        <ErrorPage error={shellState.error} />
      </main>
    );
  }
  const { data } = shellState;
  return (
    <ErrorBoundary user={data.user} isDevelopment={data.is_development}>
      <ShellProvider value={data}>
        <BrowserRouter>
          <PortalRoutes />
        </BrowserRouter>
      </ShellProvider>
    </ErrorBoundary>
  );
}
