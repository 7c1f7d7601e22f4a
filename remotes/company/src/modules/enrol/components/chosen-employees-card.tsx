import type { ApiClient, Employee } from '@portal/contracts';
import { Card } from '@portal/design-system';
import type { ChosenEmployee } from '../wizard-state';
import { EmployeeFinder } from './employee-finder';

interface ChosenEmployeesCardProps {
  api: ApiClient;
  companyId: number;
  courseIds: readonly number[];
  employees: readonly ChosenEmployee[];
  courseName: (id: number) => string;
  onAdd: (employee: Employee) => void;
  onRemove: (id: number) => void;
}

/** The older Enroll page's employees: the chosen ones as chips, and the search to add more. */
export function ChosenEmployeesCard({ api, companyId, courseIds, employees, courseName, onAdd, onRemove }: ChosenEmployeesCardProps) {
  return (
    <Card title={`Employees (${employees.length})`}>
      <div className="enrol-employees">
        {employees.length ? (
          <ul className="enrol-chips" data-testid="chosen-employees">
            {employees.map((employee) => (
              <li key={employee.id} className="enrol-chip">
                <span>{employee.name}</span>
                <button
                  type="button"
                  className="enrol-chip__remove"
                  aria-label={`Remove ${employee.name}`}
                  onClick={() => onRemove(employee.id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="enrol-muted">No employees chosen yet.</p>
        )}
        <EmployeeFinder
          api={api}
          companyId={companyId}
          courseIds={courseIds}
          chosenIds={new Set(employees.map((e) => e.id))}
          courseName={courseName}
          onAdd={onAdd}
        />
      </div>
    </Card>
  );
}
