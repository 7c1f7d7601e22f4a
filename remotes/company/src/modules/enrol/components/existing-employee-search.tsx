import { useId, useState } from 'react';
import { companyUsersSearch, DEBOUNCE_MS, MIN_SEARCH_LENGTH, type ApiClient, type Employee } from '@portal/contracts';
import { SearchInput } from '@portal/design-system';
import { activeSearch, LoadError, useApiQuery, useDebouncedValue } from '@portal/frontend-kit';
import { EmployeeTable } from './employee-table';
import { idsParam } from '../ids-param';

type Field = 'name' | 'email';

/** Existing employees by name or email (spec §9: 250 ms after typing stops, from 2 characters). */
export function ExistingEmployeeSearch({
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
  const fieldId = useId();
  const [text, setText] = useState('');
  const [field, setField] = useState<Field>('name');
  const term = useDebouncedValue(activeSearch(text), DEBOUNCE_MS.existingUserSearch);
  const results = useApiQuery(term ? `search:${companyId}:${field}:${term}:${courseIds.join(',')}` : null, () =>
    api.call(companyUsersSearch, { params: { companyId }, query: { term, field, courses: idsParam(courseIds) } }).then((r) => r.data),
  );

  return (
    <div className="enrol-picker">
      <div className="enrol-search-row">
        <SearchInput label="Search employees" placeholder={field === 'name' ? 'Search by name' : 'Search by email'} value={text} onChange={setText} />
        <div className="ds-field">
          <label className="ds-field__label" htmlFor={fieldId}>
            Search by
          </label>
          <select id={fieldId} className="ds-input" value={field} onChange={(event) => setField(event.target.value as Field)}>
            <option value="name">Name</option>
            <option value="email">Email</option>
          </select>
        </div>
      </div>
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
