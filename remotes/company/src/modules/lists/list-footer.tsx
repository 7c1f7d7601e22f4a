import type { ReactNode } from 'react';
import { Pagination } from '@portal/design-system';
import './lists.css';

const PAGE_SIZES = [10, 25, 50, 100] as const;

interface RowsPerPage {
  value: number;
  onChange: (perPage: number) => void;
  /** The label's class, as the list's own CSS lays it out. */
  labelClassName: string;
  /** A name of its own for the select (without it the label's text, with the chosen size, names it). */
  ariaLabel?: string;
}

interface ListFooterProps {
  /** "Showing 1–10 of 42 …", read out when it changes. */
  showing: ReactNode;
  /** The rows-per-page choice, for lists that offer it. */
  rowsPerPage?: RowsPerPage;
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
}

/** Under a company list: which rows are shown, (optionally) rows per page, and the pages. */
export function ListFooter({ showing, rowsPerPage, page, lastPage, onPageChange }: ListFooterProps) {
  return (
    <div className="company-list-footer">
      <span className="company-list-muted" aria-live="polite">
        {showing}
      </span>
      {rowsPerPage ? (
        <label className={rowsPerPage.labelClassName}>
          <span>Rows per page</span>
          <select
            className="ds-input"
            aria-label={rowsPerPage.ariaLabel}
            value={rowsPerPage.value}
            onChange={(event) => rowsPerPage.onChange(Number(event.target.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Pagination page={page} lastPage={lastPage} onPageChange={onPageChange} />
    </div>
  );
}
