import type { ReactNode } from 'react';
import { formatDate, type PeopleSort, type Person } from '@portal/contracts';
import { type TableColumn, type TableSort } from '@portal/design-system';
import { SortedTable, sortableColumn } from '../lists/sorted-table';

export interface PeopleTableProps {
  people: Person[];
  /** Whether the company has depots (else the Depot column says nothing). */
  hasDepots: boolean;
  loading: boolean;
  sort: TableSort;
  onSortChange: (key: string) => void;
  selected: ReadonlySet<number>;
  onToggle: (person: Person) => void;
  /** Selects (or, when all are selected, clears) the people on this page. */
  onTogglePage: () => void;
  emptyText: ReactNode;
}

/** An email that may break after its @ before it breaks anywhere. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The People list: a checkbox per person, the name opens them; at 600 px and less each row is a card. */
export function PeopleTable({
  people,
  hasDepots,
  loading,
  sort,
  onSortChange,
  selected,
  onToggle,
  onTogglePage,
  emptyText,
}: PeopleTableProps) {
  const isPageSelected = people.length > 0 && people.every((p) => selected.has(p.id));
  const column = (key: PeopleSort, header: string, render: (person: Person) => ReactNode) => sortableColumn<Person>(key, header, render);
  const columns: TableColumn<Person>[] = [
    {
      key: 'select',
      label: '',
      header: (
        <input
          type="checkbox"
          className="people-check"
          aria-label="Select everyone on this page"
          checked={isPageSelected}
          disabled={people.length === 0}
          onChange={onTogglePage}
        />
      ),
      render: (person) => (
        <input
          type="checkbox"
          className="people-check"
          aria-label={`Select ${person.name}`}
          checked={selected.has(person.id)}
          onChange={() => onToggle(person)}
        />
      ),
    },
    column('name', 'Name', (person) => (
      <a className="people-name" href={`/people/${person.id}`}>
        {person.name}
      </a>
    )),
    column('email', 'Email', (person) => (person.email ? <EmailText email={person.email} /> : '—')),
    {
      key: 'login_code',
      header: 'Login code',
      render: (person) => (person.login_code ? <span className="people-code">{person.login_code}</span> : '—'),
    },
    ...(hasDepots ? [column('depot', 'Depot', (person) => person.company_name)] : []),
    { key: 'enrolments', header: 'Enrolments', align: 'right', render: (person) => person.enrolments },
    column('created_at', 'Added', (person) => formatDate(person.created_at)),
  ];
  return (
    <SortedTable
      caption="People"
      columns={columns}
      rows={people}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      emptyText={emptyText}
    />
  );
}
