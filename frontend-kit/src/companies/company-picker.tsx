import { useState } from 'react';
import { COMPANY_DROPDOWN_MAX_MATCHES, companyOptions, DEBOUNCE_MS, type ApiClient, type CompanyOption } from '@portal/contracts';
import { TextInput } from '@portal/design-system';
import { useApiQuery } from '../data/use-api-query';
import { activeSearch } from '../lists/list-address';
import { useDebouncedValue } from '../timing/use-debounced-value';
import './company-picker.css';

export interface CompanyPickerProps {
  api: ApiClient;
  /** The select's id: a FormField's label points at it. */
  id: string;
  value: number | null;
  onChange: (id: number | null) => void;
  invalid?: boolean;
  /** Set by a surrounding FormField (hint and error ids). */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

const label = (company: CompanyOption) => `${company.name}${company.parent_id ? ' (depot)' : ''}`;

/**
 * Pick a company or depot by name (spec §9: at most 10 matches). Typing searches once it pauses
 * (the autocomplete delay) and from MIN_SEARCH_LENGTH characters; before that the first companies
 * by name are offered. The chosen company stays in the list while other searches run.
 */
export function CompanyPicker({ api, id, value, onChange, invalid, 'aria-describedby': describedBy, 'aria-invalid': ariaInvalid }: CompanyPickerProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<CompanyOption | null>(null);
  const term = useDebouncedValue(activeSearch(search), DEBOUNCE_MS.autocomplete);

  const matches = useApiQuery(`company-options:${term}`, () =>
    api.call(companyOptions, { query: term ? { search: term } : {} }).then((r) => r.data.slice(0, COMPANY_DROPDOWN_MAX_MATCHES)),
  );
  const options = matches.status === 'success' ? matches.data : [];
  // A value set from outside (an existing record) that no search has shown yet: ask for it by id.
  const isKnown = value === null || chosen?.id === value || options.some((o) => o.id === value);
  const current = useApiQuery(isKnown ? null : `company-option:${value}`, () =>
    api.call(companyOptions, { query: { id: value! } }).then((r) => r.data[0] ?? null),
  );
  const selected = chosen?.id === value ? chosen : current.status === 'success' && current.data?.id === value ? current.data : null;
  const choices = selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options;

  return (
    <div className="company-picker">
      <TextInput
        id={`${id}-search`}
        aria-label="Search companies"
        aria-controls={id}
        placeholder="Search companies by name"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <select
        id={id}
        className="ds-input company-picker__select"
        aria-describedby={describedBy}
        aria-invalid={invalid || ariaInvalid || undefined}
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.value ? Number(event.target.value) : null;
          setChosen(choices.find((c) => c.id === next) ?? null);
          onChange(next);
        }}
      >
        <option value="">Choose a company…</option>
        {choices.map((company) => (
          <option key={company.id} value={company.id}>
            {label(company)}
          </option>
        ))}
      </select>
    </div>
  );
}
