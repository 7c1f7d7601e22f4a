import { useState } from 'react';
import { companyUsers, DEBOUNCE_MS, MIN_SEARCH_LENGTH, type ApiClient, type Employee } from '@portal/contracts';
import { SearchInput } from '@portal/design-system';
import { activeSearch, LoadError, useApiQuery, useDebouncedValue } from '@portal/frontend-kit';
import { idsParam } from '../ids-param';
import { EmployeeTable } from './employee-table';

/** The older Enroll page's employee search: name or email in one box (GET /api/company/{id}/users?s=). */
export function EmployeeFinder({
  api,
  companyId,
  courseIds,
  chosenIds,
  courseName,
  onAdd,
}: {
  api: ApiClient;
  companyId: number;
  courseIds: readonly number[];
  chosenIds: ReadonlySet<number>;
  courseName: (id: number) => string;
  onAdd: (employee: Employee) => void;
}) {
  const [text, setText] = useState('');
  const term = useDebouncedValue(activeSearch(text), DEBOUNCE_MS.existingUserSearch);
  const results = useApiQuery(term ? `users:${companyId}:${term}:${courseIds.join(',')}` : null, () =>
    api.call(companyUsers, { params: { companyId }, query: { s: term, courses: idsParam(courseIds) } }).then((r) => r.data),
  );
  return (
    <div className="enrol-picker">
      <SearchInput label="Search employees by name or email" placeholder="Name or email" value={text} onChange={setText} />
      {!term ? (
        <p className="enrol-muted">Type {MIN_SEARCH_LENGTH} or more characters to search your employees.</p>
      ) : results.status === 'error' ? (
        <LoadError error={results.error} onRetry={results.reload} what="the employees" />
      ) : (
        <EmployeeTable
          caption="Matching employees"
          employees={results.status === 'success' ? results.data : []}
          chosenIds={chosenIds}
          courseName={courseName}
          loading={results.status === 'loading'}
          emptyText="No employees match your search."
          onAdd={onAdd}
        />
      )}
    </div>
  );
}
