import { useState } from 'react';
import { DEBOUNCE_MS, listCourses, type ApiClient } from '@portal/contracts';
import { TextInput } from '@portal/design-system';
import { activeSearch, useApiQuery, useDebouncedValue } from '@portal/frontend-kit';

const MATCHES = 10;

/**
 * Pick any course by name (admins see every course, company-specific ones too). Typing searches
 * once it pauses, from 2 characters; the chosen course stays listed while other searches run.
 */
export function CoursePicker({ api, id, value, onChange, invalid, 'aria-describedby': describedBy, 'aria-invalid': ariaInvalid }: {
  api: ApiClient;
  id: string;
  value: number | null;
  onChange: (id: number | null) => void;
  invalid?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const term = useDebouncedValue(activeSearch(search), DEBOUNCE_MS.autocomplete);
  const matches = useApiQuery(`course-options:${term}`, () =>
    api.call(listCourses, { query: { per_page: MATCHES, sortBy: 'name', ...(term ? { search: term } : {}) } }).then((r) => r.data.map((c) => ({ id: c.id, name: c.name }))),
  );
  const options = matches.status === 'success' ? matches.data : [];
  const choices = chosen && chosen.id === value && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options;

  return (
    <div className="course-picker">
      <TextInput id={`${id}-search`} aria-label="Search courses" aria-controls={id} placeholder="Search courses by name" value={search} onChange={(event) => setSearch(event.target.value)} />
      <select
        id={id}
        className="ds-input admin-select"
        aria-describedby={describedBy}
        aria-invalid={invalid || ariaInvalid || undefined}
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.value ? Number(event.target.value) : null;
          setChosen(choices.find((c) => c.id === next) ?? null);
          onChange(next);
        }}
      >
        <option value="">{matches.status === 'loading' ? 'Loading courses…' : 'Choose a course…'}</option>
        {choices.map((course) => (
          <option key={course.id} value={course.id}>
            {course.name}
          </option>
        ))}
      </select>
    </div>
  );
}
