import { MIN_SEARCH_LENGTH, type ApiClient, type Employee } from '@portal/contracts';
import { Button, Table, type TableColumn } from '@portal/design-system';
import { LoadError, type QueryState } from '@portal/frontend-kit';
import type { ChosenEmployee } from '../wizard-state';

export const toChosen = (employee: Employee): ChosenEmployee => ({
  id: employee.id,
  name: employee.name,
  email: employee.email,
  enrolled_course_ids: employee.enrolled_course_ids,
});

/** What every employee picker of the wizard is given: where to look, for which courses, and what is chosen already. */
export interface EmployeePickerProps {
  api: ApiClient;
  companyId: number;
  courseIds: readonly number[];
  chosenIds: ReadonlySet<number>;
  courseName: (id: number) => string;
  onAdd: (employee: Employee) => void;
}

/** A search picker's answer: a hint until the text is long enough, then the matches (or why they failed to load). */
export function EmployeeSearchResults({
  term,
  results,
  chosenIds,
  courseName,
  onAdd,
}: { term: string | null; results: QueryState<Employee[]> & { reload: () => void } } & Pick<
  EmployeePickerProps,
  'chosenIds' | 'courseName' | 'onAdd'
>) {
  if (!term) return <p className="enrol-muted">Type {MIN_SEARCH_LENGTH} or more characters to search your employees.</p>;
  if (results.status === 'error') return <LoadError error={results.error} onRetry={results.reload} what="the employees" />;
  return (
    <EmployeeTable
      caption="Matching employees"
      employees={results.status === 'success' ? results.data : []}
      chosenIds={chosenIds}
      courseName={courseName}
      loading={results.status === 'loading'}
      emptyText="No employees match your search."
      onAdd={onAdd}
    />
  );
}

/** Employees offered by a picker, each with Add (or Added once chosen). */
export function EmployeeTable({
  caption,
  employees,
  chosenIds,
  courseName,
  loading,
  emptyText,
  onAdd,
}: {
  caption: string;
  employees: readonly Employee[];
  chosenIds: ReadonlySet<number>;
  courseName: (id: number) => string;
  loading?: boolean;
  emptyText: string;
  onAdd: (employee: Employee) => void;
}) {
  const columns: TableColumn<Employee>[] = [
    { key: 'name', header: 'Name', render: (e) => e.name },
    { key: 'contact', header: 'Email or login code', render: (e) => e.email ?? e.login_code ?? '—' },
    { key: 'company', header: 'Company', render: (e) => e.company_name },
    {
      key: 'enrolled',
      header: 'Already enrolled on',
      render: (e) =>
        e.enrolled_course_ids.length ? e.enrolled_course_ids.map(courseName).join(', ') : <span className="enrol-muted">—</span>,
    },
    {
      key: 'add',
      header: <span className="ds-visually-hidden">Add</span>,
      align: 'right',
      render: (e) => {
        const isChosen = chosenIds.has(e.id);
        return (
          <Button
            size="sm"
            variant={isChosen ? 'ghost' : 'secondary'}
            disabled={isChosen}
            onClick={() => onAdd(e)}
            aria-label={isChosen ? `${e.name} added` : `Add ${e.name}`}
          >
            {isChosen ? 'Added' : 'Add'}
          </Button>
        );
      },
    },
  ];
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={[...employees]}
      rowKey={(e) => e.id}
      emptyText={emptyText}
      loading={loading}
      stackOnMobile
    />
  );
}
