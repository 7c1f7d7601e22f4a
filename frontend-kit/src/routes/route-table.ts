import type { Role } from '@portal/contracts';
import type { RemotePageAddress } from '../remotes/page-modules';

/** One address a remote serves: the shell routes it there for these roles; the remote shows `page` at it. */
export interface RemoteRoute<Page extends string = string> {
  /** A react-router path (`/people/:id`, `/admin/*`), the same in the shell and in the remote. */
  path: string;
  roles: readonly Role[];
  /** The remote's name for the page at this path (its routes module loads it). */
  page: Page;
  /** The learner's course pages open in the slim layout; every other page in the app layout. */
  layout?: 'minimal';
}

/**
 * A remote's route manifest: data only (no page code), so the shell reads it at build time to know
 * which remote serves which role at which paths, and 404s any other address without loading a remote.
 * `module` is the exposed module that renders these paths.
 */
export type RemoteRouteTable<Page extends string = string> = RemotePageAddress & { routes: readonly RemoteRoute<Page>[] };
