import { useState, type ReactNode } from 'react';
import { PEOPLE_MESSAGES, type ApiClient, type Person } from '@portal/contracts';
import { Button, ButtonLink, EmptyState, PageHeader } from '@portal/design-system';
import { LoadError } from '@portal/frontend-kit';
import { AnswerNotice, type Answer } from '../forms/answer-notice';
import { PeopleTable } from './people-table';
import { SelectionBar } from './selection-bar';
import { PeopleFooter, PeopleToolbar } from './people-toolbar';
import { DEPOT_PARAM } from './people-address';
import { usePeople } from './use-people';
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
  const { address, depotId, people, page, isFiltered, clearFilters } = usePeople(api, companyId);
  const selection = useSelection();
  const [message, setMessage] = useState<Answer | null>(null);
  const exports = usePeopleExport(api, companyId, (tone, text) => setMessage({ tone, text }));
  const companies = page?.companies ?? [];
  const hasNobody = page !== null && page.total === 0 && !isFiltered;

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
      <AnswerNotice answer={message} onDismiss={() => setMessage(null)} />
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
