import type { ReactNode } from 'react';
import { SearchInput } from '@portal/design-system';
import type { ListAddressState } from '@portal/frontend-kit';
import './lists.css';

interface ListToolbarProps {
  /** The list's own class (its search box's width, its filters). */
  className: string;
  /** The search box at one end, the rest at the other. */
  isSpread?: boolean;
  address: Pick<ListAddressState, 'searchText' | 'setSearchText'>;
  searchLabel: string;
  searchPlaceholder: string;
  /** Filters and buttons after the search. */
  children?: ReactNode;
}

/** Above a company list: its search (kept in the address), then its filters and buttons. */
export function ListToolbar({ className, isSpread = false, address, searchLabel, searchPlaceholder, children }: ListToolbarProps) {
  return (
    <div className={`company-list-toolbar${isSpread ? ' company-list-toolbar--spread' : ''} ${className}`}>
      <SearchInput label={searchLabel} placeholder={searchPlaceholder} value={address.searchText} onChange={address.setSearchText} />
      {children}
    </div>
  );
}
