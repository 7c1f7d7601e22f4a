import { Spinner } from '@portal/design-system';
import { RemoteFallback, RemotePage } from '@portal/frontend-kit';
import { api } from '../modules/api/api-client';
import { usePublicRemotes } from '../modules/remotes/use-public-remotes';

/** The /verify microsite: the verify remote's page, with the same fallback as the portal. */
export function VerifyPage() {
  const remotesState = usePublicRemotes();
  if (remotesState === 'loading') {
    // Inside the page's own box, so the box does not move when the page arrives (layout shift).
    return (
      <div className="public-container public-verify">
        <div className="shell-remote-loading">
          <Spinner label="Loading…" />
        </div>
      </div>
    );
  }
  if (remotesState === 'failed') return <RemoteFallback onRetry={() => window.location.reload()} />;
  return (
    <div className="public-container public-verify">
      <RemotePage remote="verify" module="verify" api={api} />
    </div>
  );
}
