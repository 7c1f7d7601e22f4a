import { MIN_SEARCH_LENGTH } from '@portal/contracts';
import { SearchInput } from '@portal/design-system';
import './list-panel.css';

export interface ListSearchProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}

/** A list's search box: the address follows once typing pauses; the server searches from 2 characters. */
export function ListSearch({ value, onChange, label, placeholder = 'Type at least 2 characters' }: ListSearchProps) {
  const isShort = value.trim().length > 0 && value.trim().length < MIN_SEARCH_LENGTH;
  return (
    <div className="kit-list-search">
      <SearchInput value={value} onChange={onChange} label={label} placeholder={placeholder} />
      {isShort ? <span className="kit-list-panel__muted">Keep typing: search starts at {MIN_SEARCH_LENGTH} characters.</span> : null}
    </div>
  );
}
