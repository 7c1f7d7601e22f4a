/**
 * `@portal/frontend-kit/list-panel`: a list kept in the address (search, sort, page), its table,
 * notice, load error and pager as one piece. A sub-entry: the shared main entry ships whole on every page.
 */
export { ListPanel, type ListNoun, type ListNotice, type ListPage, type ListPanelProps } from './list-panel';
export { ListSearch, type ListSearchProps } from './list-search';
export { pageOfRows, useListPanel, type ListPanelOptions } from './use-list-panel';
