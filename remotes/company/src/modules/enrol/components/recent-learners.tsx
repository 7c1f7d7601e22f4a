import { useState } from 'react';
import { recentLearners, type Employee } from '@portal/contracts';
import { Pagination } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';
import { EmployeeTable, type EmployeePickerProps } from './employee-table';
import { idsParam } from '../ids-param';

/** The company's (and its depots') learners, newest first, a page at a time (GET getRecentLearner). */
export function RecentLearners({ api, companyId, courseIds, chosenIds, courseName, onAdd }: EmployeePickerProps) {
  const [page, setPage] = useState(1);
  const learners = useApiQuery(`recent:${companyId}:${page}:${courseIds.join(',')}`, () =>
    api.call(recentLearners, { params: { companyId }, query: { page, courses: idsParam(courseIds) } }).then((r) => r.data),
  );
  const [shown, setShown] = useState<{ data: Employee[]; last_page: number; current_page: number } | null>(null);
  if (learners.status === 'success' && learners.data !== shown) setShown(learners.data);

  if (learners.status === 'error') return <LoadError error={learners.error} onRetry={learners.reload} what="your recent learners" />;
  return (
    <div className="enrol-picker">
      <EmployeeTable
        caption="Recent learners"
        employees={shown?.data ?? []}
        chosenIds={chosenIds}
        courseName={courseName}
        loading={learners.status === 'loading'}
        emptyText="You haven't added any learners yet."
        onAdd={onAdd}
      />
      <Pagination
        page={shown?.current_page ?? page}
        lastPage={shown?.last_page ?? 1}
        onPageChange={(next) => setPage(Math.max(1, Math.min(next, shown?.last_page ?? 1)))}
      />
    </div>
  );
}
