import { Button, SearchInput } from '@portal/design-system';
import type { ListAddressState } from '@portal/frontend-kit';

interface ReportingToolbarProps {
  address: Pick<ListAddressState, 'searchText' | 'setSearchText'>;
  isFilterOpen: boolean;
  onToggleFilters: () => void;
}

/** The enrolments' search, and the button that shows or hides the filters. */
export function ReportingToolbar({ address, isFilterOpen, onToggleFilters }: ReportingToolbarProps) {
  return (
    <div className="reporting-toolbar">
      <SearchInput
        label="Search enrolments"
        placeholder="Name, email, login code or course"
        value={address.searchText}
        onChange={address.setSearchText}
      />
      <Button variant="secondary" aria-expanded={isFilterOpen} aria-controls="reporting-filters" onClick={onToggleFilters}>
        {isFilterOpen ? 'Hide filters' : 'Filters'}
      </Button>
    </div>
  );
}
