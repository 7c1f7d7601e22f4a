import { useState, type ReactNode } from 'react';
import { Notice, Pagination, Table, type TableColumn, type TableSort } from '@portal/design-system';
// The package root, not its files: the root is the pages' shared singleton, so a sub-entry that
// imported the files would bundle a second copy of them into every remote.
import { LoadError, type QueryState } from '@portal/frontend-kit';
import './list-panel.css';

export interface ListPage {
  currentPage: number;
  lastPage: number;
  total: number;
}

/** What a list holds, as its texts say it: "No courses match your search." */
export interface ListNoun {
  one: string;
  many: string;
}

/** The answer to the last action on the list (a deletion, a retry). */
export interface ListNotice {
  tone: 'success' | 'error';
  text: string;
}

export interface ListPanelProps<Row extends { id: number }, Data extends { data: Row[] }> {
  testId: string;
  className?: string;
  noun: ListNoun;
  /** The table's caption; the noun, capitalised, unless given. */
  caption?: string;
  /** The table's text when there are no rows; "No … match your search." / "There are no … yet." unless given. */
  emptyText?: string;
  /** What the load error failed to load; "the <noun>" unless given. */
  what?: string;
  toolbar: ReactNode;
  /** A search box of its own, under the notice, for lists whose toolbar has none. */
  search?: ReactNode;
  isSearching: boolean;
  list: QueryState<Data> & { reload: () => void };
  pageOf: (data: Data) => ListPage;
  /** The page the address asks for, shown until the list has loaded. */
  requestedPage: number;
  /** Shows "N in total" beside a pager that comes with the first rows and stays while later pages load; otherwise the pager comes with the rows. */
  hasTotal?: boolean;
  onPageChange: (page: number, lastPage: number) => void;
  columns: TableColumn<Row>[];
  sort: TableSort | undefined;
  onSortChange: (key: string) => void;
  notice?: ListNotice | null;
  onDismissNotice?: () => void;
  /** Errors stay until dismissed; success notices still hide themselves. */
  hasStickyErrors?: boolean;
  /** What the list opens over itself (its confirmations, a row's details). */
  children?: ReactNode;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A list: toolbar, notice, load error, sortable table and pages, wired to the address by useListPanel. */
export function ListPanel<Row extends { id: number }, Data extends { data: Row[] }>(props: ListPanelProps<Row, Data>) {
  const { testId, className, noun, list, isSearching, notice, onDismissNotice, hasStickyErrors = false } = props;
  return (
    <div className={className} data-testid={testId}>
      {props.toolbar}
      {notice ? (
        <Notice
          tone={notice.tone}
          {...(onDismissNotice ? { onDismiss: onDismissNotice } : {})}
          autoHideMs={hasStickyErrors && notice.tone !== 'success' ? undefined : 5000}
        >
          {notice.text}
        </Notice>
      ) : null}
      {props.search}
      {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} what={props.what ?? `the ${noun.many}`} /> : null}
      <Table
        caption={props.caption ?? capitalised(noun.many)}
        columns={props.columns}
        rows={list.status === 'success' ? list.data.data : []}
        rowKey={(row) => row.id}
        loading={list.status === 'loading'}
        emptyText={props.emptyText ?? (isSearching ? `No ${noun.many} match your search.` : `There are no ${noun.many} yet.`)}
        {...(props.sort ? { sort: props.sort } : {})}
        onSortChange={props.onSortChange}
        stackOnMobile
      />
      <ListFooter {...props} />
      {props.children}
    </div>
  );
}

/** The pager, with the total beside it when the list has one; it waits for the first answer. */
function ListFooter<Row extends { id: number }, Data extends { data: Row[] }>({
  list,
  pageOf,
  requestedPage,
  hasTotal = false,
  onPageChange,
}: ListPanelProps<Row, Data>) {
  const page = list.status === 'success' ? pageOf(list.data) : null;
  const lastPage = page?.lastPage ?? 1;
  // The footer waits for the first answer: shown beside the skeleton, the rows would push it down
  // as they arrive (Lighthouse counted that shift on the Admin Dashboard, issue 14).
  const [hasLoaded, setHasLoaded] = useState(false);
  if (list.status === 'success' && !hasLoaded) setHasLoaded(true);
  const pager = (
    <Pagination page={page?.currentPage ?? requestedPage} lastPage={lastPage} onPageChange={(next) => onPageChange(next, lastPage)} />
  );
  if (!hasLoaded) return null;
  if (!hasTotal) return page ? pager : null;
  return (
    <div className="kit-list-panel__footer">
      <span className="kit-list-panel__muted">{page ? `${page.total} in total` : ''}</span>
      {pager}
    </div>
  );
}
