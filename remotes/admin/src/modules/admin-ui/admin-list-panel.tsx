import { useState, type ReactNode } from 'react';
import { Notice, Pagination, Table, type TableColumn, type TableSort } from '@portal/design-system';
import { LoadError, type QueryState } from '@portal/frontend-kit';
import { ConfirmModal } from './confirm-modal';
import type { ListDeletion } from './use-list-deletion';

export interface ListPage {
  currentPage: number;
  lastPage: number;
  total: number;
}

/** What a list holds, as its texts say it: "Delete course", "No courses match your search." */
export interface ListNoun {
  one: string;
  many: string;
}

export interface AdminListPanelProps<Row extends { id: number }, Data extends { data: Row[] }> {
  testId: string;
  className?: string;
  noun: ListNoun;
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
  deletion: ListDeletion<Row>;
  /** Errors stay until dismissed; success notices still hide themselves. */
  hasStickyErrors?: boolean;
  /** The delete confirmation's text. */
  confirmation: ReactNode;
  canCloseConfirmationWhileBusy?: boolean;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An admin list: toolbar, notice, load error, sortable table, pages and the delete confirmation. */
export function AdminListPanel<Row extends { id: number }, Data extends { data: Row[] }>({
  testId,
  className = 'admin-panel',
  noun,
  toolbar,
  search,
  isSearching,
  list,
  pageOf,
  requestedPage,
  hasTotal = false,
  onPageChange,
  columns,
  sort,
  onSortChange,
  deletion,
  hasStickyErrors = false,
  confirmation,
  canCloseConfirmationWhileBusy = false,
}: AdminListPanelProps<Row, Data>) {
  const { notice, setNotice, toDelete, setToDelete, isBusy, confirmDelete } = deletion;
  const page = list.status === 'success' ? pageOf(list.data) : null;
  const lastPage = page?.lastPage ?? 1;
  // The footer waits for the first answer: shown beside the skeleton, the rows would push it down
  // as they arrive (Lighthouse counted that shift on the Admin Dashboard, issue 14).
  const [hasLoaded, setHasLoaded] = useState(false);
  if (list.status === 'success' && !hasLoaded) setHasLoaded(true);
  const pager = (
    <Pagination page={page?.currentPage ?? requestedPage} lastPage={lastPage} onPageChange={(next) => onPageChange(next, lastPage)} />
  );

  return (
    <div className={className} data-testid={testId}>
      {toolbar}
      {notice ? (
        <Notice
          tone={notice.tone}
          onDismiss={() => setNotice(null)}
          autoHideMs={hasStickyErrors && notice.tone !== 'success' ? undefined : 5000}
        >
          {notice.text}
        </Notice>
      ) : null}
      {search}
      {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} what={`the ${noun.many}`} /> : null}
      <Table
        caption={capitalised(noun.many)}
        columns={columns}
        rows={list.status === 'success' ? list.data.data : []}
        rowKey={(row) => row.id}
        loading={list.status === 'loading'}
        emptyText={isSearching ? `No ${noun.many} match your search.` : `There are no ${noun.many} yet.`}
        {...(sort ? { sort } : {})}
        onSortChange={onSortChange}
        stackOnMobile
      />
      {!hasLoaded ? null : hasTotal ? (
        <div className="admin-list-footer">
          <span className="admin-muted">{page ? `${page.total} in total` : ''}</span>
          {pager}
        </div>
      ) : page ? (
        pager
      ) : null}
      <ConfirmModal
        open={toDelete !== null}
        title={`Delete ${noun.one}`}
        confirmLabel={`Delete ${noun.one}`}
        isBusy={isBusy}
        canCloseWhileBusy={canCloseConfirmationWhileBusy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {confirmation}
      </ConfirmModal>
    </div>
  );
}
