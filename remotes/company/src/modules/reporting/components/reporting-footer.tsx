import { Pagination } from '@portal/design-system';
import type { ListAddressState } from '@portal/frontend-kit';
import type { ReportingData } from '../hooks/use-reporting-results';

const PAGE_SIZES = [10, 25, 50, 100] as const;

type PageMeta = ReportingData['results']['meta'];

/** Which rows are shown, rows per page and the pages. */
export function ReportingFooter({ meta, address }: { meta: PageMeta; address: Pick<ListAddressState, 'list' | 'setPerPage' | 'setPage'> }) {
  return (
    <div className="reporting-footer">
      <span className="reporting-muted" aria-live="polite">
        {meta.total > 0 ? `Showing ${meta.from}–${meta.to} of ${meta.total} enrolment${meta.total === 1 ? '' : 's'}` : ''}
      </span>
      <label className="reporting-footer__per-page">
        <span>Rows per page</span>
        <select
          className="ds-input"
          value={address.list.perPage ?? meta.per_page}
          onChange={(event) => address.setPerPage(Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <Pagination page={meta.current_page} lastPage={meta.last_page} onPageChange={(page) => address.setPage(page, meta.last_page)} />
    </div>
  );
}
