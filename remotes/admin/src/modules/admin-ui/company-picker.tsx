import { useEffect, useState } from 'react';
import { companyOptions, MIN_SEARCH_LENGTH, type ApiClient, type CompanyOption } from '@portal/contracts';
import { TextInput } from '@portal/design-system';

/** Pick a company or depot by name: at most 10 matches (spec §9). */
export function CompanyPicker({ api, id, value, onChange, invalid }: { api: ApiClient; id: string; value: number | null; onChange: (id: number | null) => void; invalid?: boolean }) {
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<CompanyOption[]>([]);
  const [current, setCurrent] = useState<CompanyOption | null>(null);

  useEffect(() => {
    if (value === null || current?.id === value) return;
    void api.call(companyOptions, { query: { id: value } }).then((r) => setCurrent(r.data[0] ?? null), () => undefined);
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (search.trim().length < MIN_SEARCH_LENGTH) return setOptions([]);
    const timer = setTimeout(() => {
      void api.call(companyOptions, { query: { search } }).then((r) => setOptions(r.data), () => setOptions([]));
    }, 300);
    return () => clearTimeout(timer);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const choices = current && !options.some((o) => o.id === current.id) ? [current, ...options] : options;
  return (
    <div className="admin-picker">
      <TextInput aria-label="Search companies" placeholder="Search companies by name" value={search} onChange={(e) => setSearch(e.target.value)} />
      <select
        id={id}
        className="ds-input admin-select"
        aria-invalid={invalid || undefined}
        value={value ?? ''}
        onChange={(e) => {
          const next = e.target.value ? Number(e.target.value) : null;
          setCurrent(choices.find((c) => c.id === next) ?? null);
          onChange(next);
        }}
      >
        <option value="">Choose a company…</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
            {c.parent_id ? ' (depot)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
