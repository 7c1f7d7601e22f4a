export { useApiQuery, type QueryState } from './data/use-api-query';
export { LoadError } from './data/load-error';
export { uploadWithProgress } from './data/upload-with-progress';
export type { RemotePageComponent, RemotePageProps } from './remotes/remote-page-props';
export { loadRemotePage, registerPortalRemotes, resetRemote } from './remotes/remote-registry';
export { RemotePage } from './remotes/remote-page';
export { RemoteBoundary } from './remotes/remote-boundary';
export { RemoteFallback } from './remotes/remote-fallback';
export { SiteFooter } from './layout/site-footer';
