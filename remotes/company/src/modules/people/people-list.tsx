import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  PEOPLE_MESSAGES,
  PEOPLE_SORTABLE,
  peopleList,
  type ApiClient,
  type PeopleSort,
  type Person,
  type RouteOutput,
} from '@portal/contracts';
import { Button, ButtonLink, EmptyState, Notice, PageHeader } from '@portal/design-system';
import { LoadError, REPORTING_LIST_NAMES, useApiQuery, useListAddress } from '@portal/frontend-kit';
import { PeopleTable } from './people-table';
import { SelectionBar } from './selection-bar';
import { PeopleFooter, PeopleToolbar } from './people-toolbar';
import { DEPOT_PARAM, depotOf, peopleQueryOf } from './people-address';
import { usePeopleExport } from './use-people-export';

const DEFAULT_SORT = { key: 'name', dir: 'asc' } as const;

export interface PeopleListProps {
  api: ApiClient;
  companyId: number;
  /** The sign-in slips of the chosen people, given their ids. */
  renderSlips: (userIds: number[]) => ReactNode;
}

/** Chosen people across pages: their ids in the order chosen. */
function useSelection() {
  const [chosen, setChosen] = useState<number[]>([]);
  const set = new Set(chosen);
  return {
    ids: chosen,
    set,
    toggle: (person: Person) => setChosen((ids) => (ids.includes(person.id) ? ids.filter((id) => id !== person.id) : [...ids, person.id])),
    togglePage: (people: Person[]) =>
      setChosen((ids) => {
        const page = people.map((p) => p.id);
        const isAll = page.every((id) => ids.includes(id));
        return isAll ? ids.filter((id) => !page.includes(id)) : [...ids, ...page.filter((id) => !ids.includes(id))];
      }),
    clear: () => setChosen([]),
  };
}

/** /people: the company's and its depots' learners, searched, filtered by depot, sorted and paged in the address. */
export function PeopleList({ api, companyId, renderSlips }: PeopleListProps) {
  const address = useListAddress<PeopleSort>({ names: REPORTING_LIST_NAMES, sortable: PEOPLE_SORTABLE });
  const [params, setParams] = useSearchParams();
  const depotId = depotOf(params);
  const query = peopleQueryOf(address.list, depotId);
  const people = useApiQuery(`people:${companyId}:${JSON.stringify(query)}`, () => api.call(peopleList, { params: { companyId }, query }));
  // The last answer stays on screen while the next one loads.
  const [shown, setShown] = useState<RouteOutput<typeof peopleList> | null>(null);
  if (people.status === 'success' && people.data !== shown) setShown(people.data);
  const selection = useSelection();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const exports = usePeopleExport(api, companyId, (tone, text) => setMessage({ tone, text }));

  const page = shown ?? null;
  const companies = page?.companies ?? [];
  const isFiltered = address.isSearching || depotId !== undefined;
  const hasNobody = page !== null && page.total === 0 && !isFiltered;
  const clearFilters = () => {
    address.setSearchText('');
    // One change of the address: two setFilter calls in a row would each start from the same address.
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of [REPORTING_LIST_NAMES.search, REPORTING_LIST_NAMES.page, DEPOT_PARAM]) next.delete(name);
      return next;
    });
  };

  return (
    <div className="people" data-testid="people-page">
      <PageHeader
        title="People"
        subtitle="Your company's learners and those of its depots: their enrolments, login codes and details."
        actions={
          <ButtonLink href="/enrolments/create/v2" variant="secondary">
            Enrol Employees
          </ButtonLink>
        }
      />
      {message ? (
        <Notice tone={message.tone} onDismiss={() => setMessage(null)} {...(message.tone === 'success' ? { autoHideMs: 5000 } : {})}>
          {message.text}
        </Notice>
      ) : null}
      {people.status === 'error' ? <LoadError error={people.error} onRetry={people.reload} what="your people" /> : null}
      {hasNobody ? (
        <EmptyState
          title={PEOPLE_MESSAGES.emptyNoPeople}
          action={
            <ButtonLink href="/enrolments/create/v2" variant="primary" size="sm">
              Enrol Employees
            </ButtonLink>
          }
        />
      ) : (
        <>
          <PeopleToolbar
            address={address}
            companies={companies}
            depotId={depotId}
            onDepotChange={(value) => address.setFilter(DEPOT_PARAM, value)}
            canExport={!!page?.total}
            isExporting={exports.exporting === 'list'}
            onExport={() =>
              void exports.download({
                ...(address.list.search ? { search: address.list.search } : {}),
                ...(depotId !== undefined ? { depot_id: depotId } : {}),
              })
            }
          />
          <SelectionBar
            ids={selection.ids}
            isExporting={exports.exporting === 'selection'}
            onExport={() => void exports.download({ user_ids: selection.ids })}
            onClear={selection.clear}
            slips={renderSlips(selection.ids)}
          />
          <PeopleTable
            people={people.status === 'loading' ? [] : (page?.data ?? [])}
            hasDepots={companies.length > 1}
            loading={people.status === 'loading'}
            sort={address.sort ?? DEFAULT_SORT}
            onSortChange={address.toggleSort}
            selected={selection.set}
            onToggle={selection.toggle}
            onTogglePage={() => selection.togglePage(page?.data ?? [])}
            emptyText={
              <EmptyState
                title={PEOPLE_MESSAGES.emptyNoMatch}
                action={
                  <Button variant="secondary" size="sm" onClick={clearFilters}>
                    Clear filters
                  </Button>
                }
              />
            }
          />
          {page ? <PeopleFooter page={page} address={address} /> : null}
        </>
      )}
    </div>
  );
}
