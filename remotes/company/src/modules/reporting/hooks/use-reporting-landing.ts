import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { ReportingFilterName } from '@portal/contracts';
import { hasReportingFilters, readReportingFilters } from '@portal/contracts/schemas';
import { consumeEntryParams, writeFilters } from '../reporting-address';
import { readTileSelection, writeTileSelection } from '../tile-selection';

/** Where the page lands from this address (null: where it is). */
export function landingAddress(
  params: URLSearchParams,
  companyId: number | null,
  state: unknown,
  storage: Pick<Storage, 'getItem'>,
): string | null {
  let next = consumeEntryParams(params);
  if (!next && companyId !== null && !params.has('courses' satisfies ReportingFilterName)) {
    const stored = readTileSelection(storage, companyId);
    if (stored) next = writeFilters(params, { ...readReportingFilters(params), courses: stored });
  }
  if (!next && !state) return null;
  return (next ?? params).toString();
}

export interface ReportingLanding {
  /** False until the address is the landing one: no request goes out before. */
  hasLanded: boolean;
  /** Whether the page lands with filters other than the tiles (the filter panel then starts open). */
  isLandingFiltered: boolean;
}

/**
 * Landing on /reporting: the Dashboard's `c`/`s` become filters and leave the address; otherwise
 * the stored tile choice applies; a notice left in the history state is dropped so Back does not
 * show it again. Once landed, the chosen tiles (the courses filter) are remembered for the next visit.
 */
export function useReportingLanding(companyId: number | null): ReportingLanding {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [landing] = useState(() => landingAddress(params, companyId, location.state, window.localStorage));
  const [isLandingFiltered] = useState(() =>
    hasReportingFilters({ ...readReportingFilters(landing === null ? params : new URLSearchParams(landing)), courses: [] }),
  );
  const [hasLanded, setLanded] = useState(landing === null);
  if (!hasLanded && params.toString() === landing && !location.state) setLanded(true);
  useEffect(() => {
    if (!hasLanded && landing !== null) setParams(new URLSearchParams(landing), { replace: true });
  }, [hasLanded, landing, setParams]);

  const coursesText = readReportingFilters(params).courses.join(',');
  useEffect(() => {
    if (!hasLanded || companyId === null) return;
    writeTileSelection(window.localStorage, companyId, coursesText ? coursesText.split(',').map(Number) : []);
  }, [hasLanded, companyId, coursesText]);

  return { hasLanded, isLandingFiltered };
}
