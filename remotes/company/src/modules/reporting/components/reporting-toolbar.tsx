import { Button } from '@portal/design-system';
import type { ListAddressState } from '@portal/frontend-kit';
import { ListToolbar } from '../../lists/list-toolbar';

interface ReportingToolbarProps {
  address: Pick<ListAddressState, 'searchText' | 'setSearchText'>;
  isFilterOpen: boolean;
  onToggleFilters: () => void;
}

/** The enrolments' search, and the button that shows or hides the filters. */
export function ReportingToolbar({ address, isFilterOpen, onToggleFilters }: ReportingToolbarProps) {
  return (
    <ListToolbar
      className="reporting-toolbar"
      isSpread
      address={address}
      searchLabel="Search enrolments"
      searchPlaceholder="Name, email, login code or course"
    >
      <Button variant="secondary" aria-expanded={isFilterOpen} aria-controls="reporting-filters" onClick={onToggleFilters}>
        {isFilterOpen ? 'Hide filters' : 'Filters'}
      </Button>
    </ListToolbar>
  );
}
