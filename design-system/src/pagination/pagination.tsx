import { Button } from '../button';

export interface PaginationProps {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
}

export function Pagination({ page, lastPage, onPageChange }: PaginationProps) {
  // An empty list still reads "Page 1 of 1".
  const total = Math.max(1, lastPage);
  const current = Math.min(Math.max(1, page), total);
  return (
    <nav className="ds-pagination" aria-label="Pagination">
      <Button variant="secondary" size="sm" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
        Previous
      </Button>
      <span className="ds-pagination__status" aria-live="polite">
        Page {current} of {total}
      </span>
      <Button variant="secondary" size="sm" disabled={current >= total} onClick={() => onPageChange(current + 1)}>
        Next
      </Button>
    </nav>
  );
}
