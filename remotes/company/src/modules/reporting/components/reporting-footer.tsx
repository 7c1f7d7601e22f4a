import type { ListAddressState } from '@portal/frontend-kit';
import { ListFooter } from '../../lists/list-footer';
import type { ReportingData } from '../hooks/use-reporting-results';

type PageMeta = ReportingData['results']['meta'];

/** Which rows are shown, rows per page and the pages. */
export function ReportingFooter({ meta, address }: { meta: PageMeta; address: Pick<ListAddressState, 'list' | 'setPerPage' | 'setPage'> }) {
  return (
    <ListFooter
      showing={meta.total > 0 ? `Showing ${meta.from}–${meta.to} of ${meta.total} enrolment${meta.total === 1 ? '' : 's'}` : ''}
      rowsPerPage={{
        value: address.list.perPage ?? meta.per_page,
        onChange: address.setPerPage,
        labelClassName: 'reporting-footer__per-page',
      }}
      page={meta.current_page}
      lastPage={meta.last_page}
      onPageChange={(page) => address.setPage(page, meta.last_page)}
    />
  );
}
