export { useApiQuery, type QueryState } from './data/use-api-query';
export { LoadError } from './data/load-error';
export { applyServerErrors } from './data/apply-server-errors';
export { uploadWithProgress } from './data/upload-with-progress';
export type { RemotePageComponent, RemotePageProps } from './remotes/remote-page-props';
export type { PageModules, RemotePageAddress } from './remotes/page-modules';
export { loadRemotePage, registerPortalRemotes, resetRemote } from './remotes/remote-registry';
export { RemotePage } from './remotes/remote-page';
export { RemoteBoundary } from './remotes/remote-boundary';
export { RemoteFallback } from './remotes/remote-fallback';
export { SiteFooter } from './layout/site-footer';
export { SkipLink } from './layout/skip-link';
export { useDebouncedValue } from './timing/use-debounced-value';
export { lazyResolver } from './forms/lazy-resolver';
export { useListAddress, type ListAddressOptions, type ListAddressState, type ListQuery } from './lists/use-list-address';
export {
  activeSearch,
  ADMIN_LIST_NAMES,
  REPORTING_LIST_NAMES,
  type ListAddress,
  type ListAddressNames,
  type SortDir,
} from './lists/list-address';
export { CREDIT_BALANCE_CHANGED_EVENT, announceCreditBalanceChanged } from './session/credit-balance-event';
export { leaveIfSessionEnded } from './session/leave-if-session-ended';
export {
  claimDeviceStore,
  clearDeviceStore,
  DEVICE_COMMITS,
  DEVICE_DB,
  deviceCopy,
  deviceCopyName,
  deviceCopyNames,
  deviceCopyOwner,
  forgetDeviceCopies,
  forgetDeviceCopy,
  keepDeviceCopy,
} from './session/device-store';
export { countNoun } from './text/count-noun';
export { useSiteSettings, publishSiteSettings, resetSiteSettings, currentSiteSettings } from './settings/use-site-settings';
export { AnswersModal } from './answers/answers-modal';
export { leavePageNotice, takePageNotice, type PageNotice } from './notices/page-notice';
export { PageNoticeBanner } from './notices/page-notice-banner';
