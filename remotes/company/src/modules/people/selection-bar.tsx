import type { ReactNode } from 'react';
import { Button, ButtonLink } from '@portal/design-system';
import { countNoun } from '@portal/frontend-kit';
import { enrolSelectionHref } from './people-address';

export interface SelectionBarProps {
  ids: number[];
  isExporting: boolean;
  onExport: () => void;
  onClear: () => void;
  /** The sign-in slips of the chosen people (the sign-in-slips module's downloads). */
  slips: ReactNode;
}

/** What can be done with the chosen people: enrol them (the wizard opens with them chosen), print their slips, export them. */
export function SelectionBar({ ids, isExporting, onExport, onClear, slips }: SelectionBarProps) {
  if (ids.length === 0) return null;
  return (
    <div className="people-selection" role="group" aria-label="Chosen people">
      <span className="people-selection__count" aria-live="polite">
        {countNoun(ids.length, 'person', 'people')} selected
      </span>
      <ButtonLink href={enrolSelectionHref(ids)} variant="primary">
        Enrol
      </ButtonLink>
      <span className="people-selection__slot" data-testid="selection-slips">
        {slips}
      </span>
      <Button variant="secondary" loading={isExporting} onClick={onExport}>
        Export selected (.xlsx)
      </Button>
      <Button variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
