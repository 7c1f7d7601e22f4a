import { useState } from 'react';
import { DEBOUNCE_MS } from '@portal/contracts';
import { TextInput } from '@portal/design-system';
// The package root, not its files: a sub-entry that imported the files would bundle a second copy.
import { activeSearch, useApiQuery, useDebouncedValue } from '@portal/frontend-kit';

/** What a form gives any picker: the select's id (a FormField's label points at it), its value and the field's state. */
export interface PickerFieldProps {
  id: string;
  value: number | null;
  onChange: (id: number | null) => void;
  invalid?: boolean;
  /** Set by a surrounding FormField (hint and error ids). */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

export interface SearchablePickerProps<Option extends { id: number }> extends PickerFieldProps {
  /** Names the queries (with the search term or the id). */
  queryKey: string;
  /** The matches for a search term (null: nothing typed yet, offer the first ones). */
  search: (term: string | null) => Promise<Option[]>;
  /** One option by id, for a value set from outside (an existing record) that no search has shown yet. */
  findById?: (id: number) => Promise<Option | null>;
  optionLabel: (option: Option) => string;
  searchLabel: string;
  searchPlaceholder: string;
  chooseText: string;
  /** The empty option's text while matches load. */
  loadingText?: string;
  className: string;
  selectClassName: string;
}

/**
 * A search box beside a select: typing searches once it pauses (the autocomplete delay) and from
 * MIN_SEARCH_LENGTH characters; before that the first options are offered. The chosen option stays
 * in the list while other searches run.
 */
export function SearchablePicker<Option extends { id: number }>({
  queryKey,
  search: searchFor,
  findById,
  optionLabel,
  searchLabel,
  searchPlaceholder,
  chooseText,
  loadingText,
  className,
  selectClassName,
  id,
  value,
  onChange,
  invalid,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
}: SearchablePickerProps<Option>) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  const term = useDebouncedValue(activeSearch(search), DEBOUNCE_MS.autocomplete);
  const matches = useApiQuery(`${queryKey}:${term}`, () => searchFor(term));
  // While the next search loads, the last matches stay: an option about to be chosen must not vanish.
  const [shown, setShown] = useState<Option[]>([]);
  if (matches.status === 'success' && matches.data !== shown) setShown(matches.data);
  const options = matches.status === 'success' ? matches.data : shown;
  const isKnown = value === null || chosen?.id === value || options.some((o) => o.id === value);
  // A value set from outside that no search has shown is looked up by id, when the picker can.
  const lookup = isKnown || !findById || value === null ? null : { id: value, find: findById };
  const current = useApiQuery(lookup && `${queryKey}:id:${lookup.id}`, () => (lookup ? lookup.find(lookup.id) : Promise.resolve(null)));
  const selected = chosen?.id === value ? chosen : current.status === 'success' && current.data?.id === value ? current.data : null;
  const choices = selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options;

  return (
    <div className={className}>
      <TextInput
        id={`${id}-search`}
        aria-label={searchLabel}
        aria-controls={id}
        placeholder={searchPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <select
        id={id}
        className={`ds-input ${selectClassName}`}
        aria-describedby={describedBy}
        aria-invalid={invalid || ariaInvalid || undefined}
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.value ? Number(event.target.value) : null;
          setChosen(choices.find((c) => c.id === next) ?? null);
          onChange(next);
        }}
      >
        <option value="">{loadingText && matches.status === 'loading' ? loadingText : chooseText}</option>
        {choices.map((option) => (
          <option key={option.id} value={option.id}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
