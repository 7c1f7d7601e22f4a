import { useState } from 'react';
import { companyUsers, DEBOUNCE_MS } from '@portal/contracts';
import { SearchInput } from '@portal/design-system';
import { activeSearch, useApiQuery, useDebouncedValue } from '@portal/frontend-kit';
import { idsParam } from '../ids-param';
import { EmployeeSearchResults, type EmployeePickerProps } from './employee-table';

/** The older Enroll page's employee search: name or email in one box (GET /api/company/{id}/users?s=). */
export function EmployeeFinder({ api, companyId, courseIds, chosenIds, courseName, onAdd }: EmployeePickerProps) {
  const [text, setText] = useState('');
  const term = useDebouncedValue(activeSearch(text), DEBOUNCE_MS.existingUserSearch);
  const results = useApiQuery(term ? `users:${companyId}:${term}:${courseIds.join(',')}` : null, () =>
    api.call(companyUsers, { params: { companyId }, query: { s: term, courses: idsParam(courseIds) } }).then((r) => r.data),
  );
  return (
    <div className="enrol-picker">
      <SearchInput label="Search employees by name or email" placeholder="Name or email" value={text} onChange={setText} />
      <EmployeeSearchResults term={term} results={results} chosenIds={chosenIds} courseName={courseName} onAdd={onAdd} />
    </div>
  );
}
