import type { Page, Person } from '@portal/contracts';
import { Button } from '@portal/design-system';
import type { ListAddressState } from '@portal/frontend-kit';
import { ListFooter } from '../lists/list-footer';
import { ListToolbar } from '../lists/list-toolbar';

export interface PeopleToolbarProps {
  address: Pick<ListAddressState, 'searchText' | 'setSearchText'>;
  /** The depot filter's choices; with only the company itself there is no filter. */
  companies: { id: number; name: string }[];
  depotId: number | undefined;
  onDepotChange: (depotId: string | null) => void;
  canExport: boolean;
  isExporting: boolean;
  onExport: () => void;
}

/** Search, the depot filter and the export of everyone the list finds. */
export function PeopleToolbar({ address, companies, depotId, onDepotChange, canExport, isExporting, onExport }: PeopleToolbarProps) {
  return (
    <ListToolbar className="people-toolbar" address={address} searchLabel="Search people" searchPlaceholder="Name, email or login code">
      {companies.length > 1 ? (
        <label className="people-toolbar__depot">
          <span>Depot</span>
          <select
            className="ds-input"
            aria-label="Depot"
            value={depotId ?? ''}
            onChange={(event) => onDepotChange(event.target.value || null)}
          >
            <option value="">All depots</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Button className="people-toolbar__export" variant="secondary" loading={isExporting} disabled={!canExport} onClick={onExport}>
        Export list (.xlsx)
      </Button>
    </ListToolbar>
  );
}

/** Which people are shown, rows per page and the pages. */
export function PeopleFooter({
  page,
  address,
}: {
  page: Page<Person>;
  address: Pick<ListAddressState, 'list' | 'setPerPage' | 'setPage'>;
}) {
  if (page.total === 0) return null;
  return (
    <ListFooter
      showing={
        <>
          Showing {page.from}–{page.to} of {page.total} {page.total === 1 ? 'person' : 'people'}
        </>
      }
      rowsPerPage={{
        value: address.list.perPage ?? page.per_page,
        onChange: address.setPerPage,
        labelClassName: 'people-toolbar__depot',
        ariaLabel: 'Rows per page',
      }}
      page={page.current_page}
      lastPage={page.last_page}
      onPageChange={(next) => address.setPage(next, page.last_page)}
    />
  );
}
