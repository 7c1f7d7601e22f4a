import type { ReactNode } from 'react';
import { classNames } from '../class-names';
import { Spinner } from '../spinner';
import { Icon } from '../icon/icon';
import './table-stack.css';

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  key: string;
  dir: SortDirection;
}

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** The cell's label in a stacked (card) row; defaults to the header when that is text. */
  label?: string;
}

export interface TableProps<T> {
  caption?: string;
  columns: TableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  emptyText: ReactNode;
  /** Sets aria-busy; shows a spinner row while there are no rows yet, otherwise dims the stale rows. */
  loading?: boolean;
  sort?: TableSort;
  /** Called with the column key; the parent decides the new direction. */
  onSortChange?: (key: string) => void;
  /** At 600 px wide and less, each row reads as a card of label: value lines instead of scrolling sideways. */
  stackOnMobile?: boolean;
}

function ariaSort(column: { key: string; sortable?: boolean }, sort: TableSort | undefined) {
  if (!column.sortable) return undefined;
  if (sort?.key !== column.key) return 'none';
  return sort.dir === 'asc' ? 'ascending' : 'descending';
}

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  return <Icon name={`sort-${direction}`} size={14} strokeWidth={2.5} className="ds-table__sort-icon" />;
}

function alignClass(align: TableColumn<unknown>['align']) {
  return align && align !== 'left' ? `ds-align-${align}` : undefined;
}

function cellLabel(column: TableColumn<unknown>): string | undefined {
  if (column.label !== undefined) return column.label || undefined;
  return typeof column.header === 'string' ? column.header : undefined;
}

export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
  emptyText,
  loading = false,
  sort,
  onSortChange,
  stackOnMobile = false,
}: TableProps<T>) {
  const showLoadingRow = loading && rows.length === 0;
  const showEmptyRow = !loading && rows.length === 0;

  return (
    // With a caption the scroll container is a named, focusable region, so keyboard users can scroll narrow screens.
    <div
      className={classNames('ds-table-wrap', stackOnMobile && 'ds-table-wrap--stack')}
      {...(caption !== undefined ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}
    >
      <table
        className={classNames('ds-table', stackOnMobile && 'ds-table--stack', rows.length === 0 && 'ds-table--no-rows')}
        aria-busy={loading || undefined}
      >
        {caption !== undefined && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => {
              const sortState = ariaSort(column, sort);
              return (
                <th key={column.key} scope="col" aria-sort={sortState} className={alignClass(column.align)}>
                  {column.sortable && onSortChange ? (
                    <button type="button" className="ds-table__sort" onClick={() => onSortChange(column.key)}>
                      {column.header}
                      <SortIcon direction={sortState ?? 'none'} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {showLoadingRow && (
            <tr className="ds-table__message">
              <td colSpan={columns.length}>
                <Spinner />
              </td>
            </tr>
          )}
          {showEmptyRow && (
            <tr className="ds-table__message">
              <td colSpan={columns.length}>{emptyText}</td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={classNames(alignClass(column.align))}
                  data-label={stackOnMobile ? cellLabel(column as TableColumn<unknown>) : undefined}
                >
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
