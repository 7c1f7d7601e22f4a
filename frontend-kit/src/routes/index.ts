// Routing of a remote's pages (the shell's route table comes from each remote's manifest).
export type { RemoteRoute, RemoteRouteTable } from './route-table';
export { remoteRoutes, type PageLoader } from './remote-routes';
