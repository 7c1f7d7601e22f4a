import { useId, useState } from 'react';
import { companyUsersSearch, DEBOUNCE_MS } from '@portal/contracts';
import { SearchInput } from '@portal/design-system';
import { activeSearch, useApiQuery, useDebouncedValue } from '@portal/frontend-kit';
import { EmployeeSearchResults, type EmployeePickerProps } from './employee-table';
import { idsParam } from '../ids-param';

type Field = 'name' | 'email';

/** Existing employees by name or email (spec §9: 250 ms after typing stops, from 2 characters). */
export function ExistingEmployeeSearch({ api, companyId, courseIds, chosenIds, courseName, onAdd }: EmployeePickerProps) {
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
        <SearchInput
          label="Search employees"
          placeholder={field === 'name' ? 'Search by name' : 'Search by email'}
          value={text}
          onChange={setText}
        />
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
      <EmployeeSearchResults term={term} results={results} chosenIds={chosenIds} courseName={courseName} onAdd={onAdd} />
    </div>
  );
}
