import { ButtonLink } from '@portal/design-system';
import { ListSearch } from '@portal/frontend-kit/list-panel';

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
