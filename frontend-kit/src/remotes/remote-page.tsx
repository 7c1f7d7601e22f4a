import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '@portal/design-system';
import { loadRemotePage, resetRemote } from './remote-registry';
import type { RemotePageAddress } from './page-modules';
import type { RemotePageComponent, RemotePageProps } from './remote-page-props';
import { RemoteBoundary } from './remote-boundary';
import { RemoteFallback } from './remote-fallback';

type LoadState = { status: 'loading' } | { status: 'ready'; Page: RemotePageComponent } | { status: 'failed'; error: unknown };

type RemotePageOwnProps = RemotePageProps & RemotePageAddress;

/** A page published by a remote: spinner while it loads, a per-page fallback with Retry if it fails. */
export function RemotePage({ remote, module, ...pageProps }: RemotePageOwnProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  // Another page, or a retry, shows the spinner from the render that asks for it.
  const [request, setRequest] = useState({ remote, module, attempt });
  if (request.remote !== remote || request.module !== module || request.attempt !== attempt) {
    setRequest({ remote, module, attempt });
    setState({ status: 'loading' });
  }

  useEffect(() => {
    let isCurrent = true;
    loadRemotePage(remote, module).then(
      (Page) => isCurrent && setState({ status: 'ready', Page }),
      (error: unknown) => {
        console.error(`Could not load ${remote}/${module}`, error);
        if (isCurrent) setState({ status: 'failed', error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [remote, module, attempt]);

  const retry = useCallback(() => {
    resetRemote(remote);
    setAttempt((value) => value + 1);
  }, [remote]);

  if (state.status === 'loading') {
    return (
      <div className="shell-remote-loading" data-testid="remote-loading">
        <Spinner label="Loading this page…" />
      </div>
    );
  }
  if (state.status === 'failed') return <RemoteFallback onRetry={retry} />;
  const { Page } = state;
  return (
    <RemoteBoundary key={attempt} onRetry={retry}>
      <Page {...pageProps} />
    </RemoteBoundary>
  );
}
