import { Route, Routes } from 'react-router';
import type { Role } from '@portal/contracts';
import { RemotePage, type RemotePageAddress } from '@portal/frontend-kit';
import type { RemoteRoute } from '@portal/frontend-kit/routes';
import { AppLayout } from '../modules/layout/app-layout';
import { MinimalLayout } from '../modules/layout/minimal-layout';
import { api } from '../modules/api/api-client';
import { useShell } from '../modules/session/shell-context';
import { NotFoundPage } from '../pages/not-found-page';
import { REMOTE_ROUTE_TABLES } from './remote-route-tables';

function ShellRemotePage(address: RemotePageAddress) {
  const { user } = useShell();
  return <RemotePage {...address} session={user} api={api} />;
}

/** The role's paths in one layout, each given to the remote that serves it (which picks the page). */
function remoteRoutes(role: Role, layout: RemoteRoute['layout']) {
  return REMOTE_ROUTE_TABLES.flatMap(({ routes, ...address }) =>
    routes
      .filter((route) => route.roles.includes(role) && route.layout === layout)
      .map(({ path }) => (
        // Keyed by remote module: the paths of one remote share its routes module.
        <Route
          key={`${address.remote}:${path}`}
          path={path}
          element={<ShellRemotePage key={`${address.remote}/${address.module}`} {...address} />}
        />
      )),
  );
}

/** Per-role route table. Learner course pages use the minimal layout; everything else the app layout. */
export function PortalRoutes() {
  const { user } = useShell();
  return (
    <Routes>
      <Route element={<MinimalLayout />}>{remoteRoutes(user.role, 'minimal')}</Route>
      <Route element={<AppLayout />}>
        {remoteRoutes(user.role, undefined)}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
