import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PEOPLE_SORTABLE, peopleList, type ApiClient, type PeopleSort, type RouteOutput } from '@portal/contracts';
import { REPORTING_LIST_NAMES, useApiQuery, useListAddress } from '@portal/frontend-kit';
import { DEPOT_PARAM, depotOf, peopleQueryOf } from './people-address';

/** The page of people the address asks for (search, depot, sort, page); the last answer stays on screen while the next one loads. */
export function usePeople(api: ApiClient, companyId: number) {
  const address = useListAddress<PeopleSort>({ names: REPORTING_LIST_NAMES, sortable: PEOPLE_SORTABLE });
  const [params, setParams] = useSearchParams();
  const depotId = depotOf(params);
  const query = peopleQueryOf(address.list, depotId);
  const people = useApiQuery(`people:${companyId}:${JSON.stringify(query)}`, () => api.call(peopleList, { params: { companyId }, query }));
  const [shown, setShown] = useState<RouteOutput<typeof peopleList> | null>(null);
  if (people.status === 'success' && people.data !== shown) setShown(people.data);

  const isFiltered = address.isSearching || depotId !== undefined;
  const clearFilters = () => {
    address.setSearchText('');
    // One change of the address: two setFilter calls in a row would each start from the same address.
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of [REPORTING_LIST_NAMES.search, REPORTING_LIST_NAMES.page, DEPOT_PARAM]) next.delete(name);
      return next;
    });
  };
  return { address, depotId, people, page: shown, isFiltered, clearFilters };
}
