import { useEffect, useState } from 'react';
import { MIN_SEARCH_LENGTH } from '@portal/contracts';
import { ButtonLink, SearchInput } from '@portal/design-system';

/** The search box of an admin list: the address changes as you type; the server searches from 2 characters. */
export function ListSearch({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  const isShort = text.trim().length > 0 && text.trim().length < MIN_SEARCH_LENGTH;
  return (
    <div className="admin-search">
      <SearchInput value={text} onChange={setText} label={label} placeholder="Type at least 2 characters" />
      {isShort ? <span className="admin-muted">Keep typing: search starts at {MIN_SEARCH_LENGTH} characters.</span> : null}
    </div>
  );
}

/** The toolbar of a searchable admin list: the search box and the link that adds a row. */
export function ListToolbar({ search, onSearch, searchLabel, addHref, addLabel }: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  addHref: string;
  addLabel: string;
}) {
  return (
    <div className="admin-toolbar">
      <ListSearch value={search} onChange={onSearch} label={searchLabel} />
      <ButtonLink href={addHref}>{addLabel}</ButtonLink>
    </div>
  );
}
