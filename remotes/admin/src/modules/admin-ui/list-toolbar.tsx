import { MIN_SEARCH_LENGTH } from '@portal/contracts';
import { ButtonLink, SearchInput } from '@portal/design-system';

/** The search box of an admin list: the address follows once typing pauses; the server searches from 2 characters. */
export function ListSearch({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const isShort = value.trim().length > 0 && value.trim().length < MIN_SEARCH_LENGTH;
  return (
    <div className="admin-search">
      <SearchInput value={value} onChange={onChange} label={label} placeholder="Type at least 2 characters" />
      {isShort ? <span className="admin-muted">Keep typing: search starts at {MIN_SEARCH_LENGTH} characters.</span> : null}
    </div>
  );
}

/** The toolbar of a searchable admin list: the search box and the link that adds a row. */
export function ListToolbar({
  search,
  onSearch,
  searchLabel,
  addHref,
  addLabel,
}: {
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
