import { useEffect, useReducer, useState } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { Spinner } from '@portal/design-system';
import type { RemotePageComponent, RemotePageProps } from '../remotes/remote-page-props';
import type { RemoteRoute } from './route-table';

export type PageLoader = () => Promise<{ default: RemotePageComponent }>;

/**
 * A remote's routes module: the page of `routes` at the current address (the shell sent only these
 * paths here, with their parameters), each page's code loaded on first visit. Adding a page is a line
 * in the remote's route table and one in its `pages`.
 *
 * Loaded as RemotePage loads a remote (an effect, then state), not with lazy() and Suspense: React
 * holds a Suspense boundary's content back for a moment after its fallback showed, which would show
 * every page later than the shell did. A page loaded once shows at once; a load that fails is not
 * kept (its error reaches the remote page's boundary, whose Retry mounts the routes afresh).
 */
export function remoteRoutes<Page extends string>(
  routes: readonly RemoteRoute<Page>[],
  pages: Record<Page, PageLoader>,
): RemotePageComponent {
  const loaded = new Map<Page, RemotePageComponent>();
  return function RemoteRoutes(props: RemotePageProps) {
    const { pathname } = useLocation();
    const route = matchRoutes(routes as RemoteRoute<Page>[], pathname)?.[0]?.route;
    if (!route) throw new Error(`No page at ${pathname}.`);
    const { page } = route;
    const [failure, setFailure] = useState<{ page: Page; error: unknown } | null>(null);
    const [, pageLoaded] = useReducer((count: number) => count + 1, 0);

    useEffect(() => {
      if (loaded.has(page)) return;
      let isCurrent = true;
      pages[page]().then(
        (module) => {
          loaded.set(page, module.default);
          if (isCurrent) pageLoaded();
        },
        (error: unknown) => {
          if (isCurrent) setFailure({ page, error });
        },
      );
      return () => {
        isCurrent = false;
      };
    }, [page]);

    if (failure?.page === page) throw failure.error;
    const Page = loaded.get(page);
    if (!Page)
      return (
        <div className="shell-remote-loading" data-testid="remote-loading">
          <Spinner label="Loading this page…" />
        </div>
      );
    return <Page {...props} />;
  };
}
