import { lazy, Suspense, type LazyExoticComponent } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { Spinner } from '@portal/design-system';
import type { RemotePageComponent, RemotePageProps } from '../remotes/remote-page-props';
import type { RemoteRoute } from './route-table';

export type PageLoader = () => Promise<{ default: RemotePageComponent }>;

/**
 * A page loaded when first shown. A load that fails (a network blip) is not kept: the remote page's
 * Retry mounts the routes again, and the page is fetched again.
 */
function lazyPages<Page extends string>(loaders: Record<Page, PageLoader>) {
  const loaded = new Map<Page, LazyExoticComponent<RemotePageComponent>>();
  return (page: Page) => {
    let Page = loaded.get(page);
    if (!Page) {
      Page = lazy(() =>
        loaders[page]().catch((error: unknown) => {
          loaded.delete(page);
          throw error;
        }),
      );
      loaded.set(page, Page);
    }
    return Page;
  };
}

/**
 * A remote's routes module: the page of `routes` at the current address (the shell sent only these
 * paths here, with their parameters), each page's code loaded on first visit. Adding a page is a line
 * in the remote's route table and one in its `pages`.
 */
export function remoteRoutes<Page extends string>(
  routes: readonly RemoteRoute<Page>[],
  pages: Record<Page, PageLoader>,
): RemotePageComponent {
  const pageOf = lazyPages(pages);
  return function RemoteRoutes(props: RemotePageProps) {
    const { pathname } = useLocation();
    const route = matchRoutes(routes as RemoteRoute<Page>[], pathname)?.[0]?.route;
    if (!route) throw new Error(`No page at ${pathname}.`);
    const Page = pageOf(route.page);
    return (
      <Suspense
        fallback={
          <div className="shell-remote-loading" data-testid="remote-loading">
            <Spinner label="Loading this page…" />
          </div>
        }
      >
        <Page {...props} />
      </Suspense>
    );
  };
}
