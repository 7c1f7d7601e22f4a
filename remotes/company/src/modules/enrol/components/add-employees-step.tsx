import { useState } from 'react';
import type { ApiClient, BulkRow, Employee } from '@portal/contracts';
import { Button, TabPanel, Tabs } from '@portal/design-system';
import { BulkUpload } from './bulk-upload';
import { toChosen } from './employee-table';
import { ExistingEmployeeSearch } from './existing-employee-search';
import { NewEmployeeForm } from './new-employee-form';
import { RecentLearners } from './recent-learners';
import type { ChosenEmployee, DraftEmployee } from '../wizard-state';

const TABS = [
  { id: 'recent', label: 'Recent learners' },
  { id: 'search', label: 'Existing employees' },
  { id: 'new', label: 'New employee' },
  { id: 'bulk', label: 'Bulk upload' },
];

export interface AddEmployeesStepProps {
  api: ApiClient;
  /** Whose employees the pickers show (the signed-in company: its depots' learners come with it). */
  pickerCompanyId: number;
  /** The company or depot new learners belong to. */
  companyId: number;
  courseIds: readonly number[];
  employees: readonly ChosenEmployee[];
  /** New employees typed in: drafts until Finalise. */
  newEmployees: readonly DraftEmployee[];
  bulkRows: readonly BulkRow[];
  courseName: (id: number) => string;
  courseIdsNamed: (names: readonly string[]) => number[];
  isRepeat: (candidate: { name: string; email: string | null }) => boolean;
  onAdd: (employee: ChosenEmployee) => void;
  onRemove: (id: number) => void;
  onAddNew: (draft: DraftEmployee) => void;
  onRemoveNew: (key: string) => void;
  onBulkRows: (rows: readonly BulkRow[]) => void;
  onRemoveBulkRow: (row: number) => void;
}

/** Step 2 (spec §4): the chosen learners, and four ways to add more. */
export function AddEmployeesStep(props: AddEmployeesStepProps) {
  const { api, pickerCompanyId, companyId, courseIds, employees, courseName, courseIdsNamed, isRepeat, onAdd, onAddNew } = props;
  const [tab, setTab] = useState('recent');
  const chosenIds = new Set(employees.map((e) => e.id));
  const add = (employee: Employee) => onAdd(toChosen(employee));
  const picker = { api, companyId: pickerCompanyId, courseIds, chosenIds, courseName, onAdd: add };

  return (
    <div className="enrol-employees">
      <ChosenLearners {...props} />
      <Tabs tabs={TABS} activeId={tab} onChange={setTab} label="Ways to add employees" wrap />
      <TabPanel id="recent" activeId={tab}>
        <RecentLearners {...picker} />
      </TabPanel>
      <TabPanel id="search" activeId={tab}>
        <ExistingEmployeeSearch {...picker} />
      </TabPanel>
      <TabPanel id="new" activeId={tab}>
        <NewEmployeeForm
          api={api}
          companyId={companyId}
          courseIdsNamed={courseIdsNamed}
          isRepeat={isRepeat}
          onAdd={onAdd}
          onAddNew={onAddNew}
        />
      </TabPanel>
      <TabPanel id="bulk" activeId={tab}>
        <BulkUpload
          companyId={companyId}
          courseIds={courseIds}
          rows={props.bulkRows}
          onRows={props.onBulkRows}
          onRemoveRow={props.onRemoveBulkRow}
        />
      </TabPanel>
    </div>
  );
}

/** Who is chosen so far: employees, and new employees still only drafts. */
function ChosenLearners({ employees, newEmployees, bulkRows, onRemove, onRemoveNew }: AddEmployeesStepProps) {
  return (
    <section aria-labelledby="chosen-learners-title" className="enrol-chosen">
      <h3 id="chosen-learners-title" className="enrol-subtitle">
        Chosen employees ({employees.length + newEmployees.length})
      </h3>
      {employees.length + newEmployees.length === 0 ? (
        <p className="enrol-muted">
          No employees chosen yet. Add them from your recent learners, search your employees, add a new one or upload a spreadsheet.
        </p>
      ) : (
        <ul className="enrol-chips" data-testid="chosen-employees">
          {employees.map((employee) => (
            <Chip key={employee.id} name={employee.name} email={employee.email} onRemove={() => onRemove(employee.id)} />
          ))}
          {newEmployees.map((draft) => (
            <Chip key={draft.key} name={draft.name} email={draft.email} isNew onRemove={() => onRemoveNew(draft.key)} />
          ))}
        </ul>
      )}
      {newEmployees.length ? (
        <p className="enrol-muted">New employees get their account when you finalise; nothing is created before.</p>
      ) : null}
      {bulkRows.length ? <p className="enrol-muted">Plus the spreadsheet's rows under Bulk upload.</p> : null}
    </section>
  );
}

function Chip({ name, email, isNew = false, onRemove }: { name: string; email: string | null; isNew?: boolean; onRemove: () => void }) {
  return (
    <li className="enrol-chip" data-new={isNew || undefined}>
      <span>
        {name}
        {email ? <span className="enrol-muted"> · {email}</span> : null}
        {isNew ? <span className="enrol-chip__tag"> · new</span> : null}
      </span>
      <button type="button" className="enrol-chip__remove" aria-label={`Remove ${name}`} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}

export function StepActions({
  onBack,
  onNext,
  nextLabel,
  canGoOn,
}: {
  onBack?: () => void;
  onNext: () => void;
  nextLabel: string;
  canGoOn: boolean;
}) {
  return (
    <div className="enrol-actions">
      {onBack ? (
        <Button type="button" variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : null}
      <Button type="button" disabled={!canGoOn} onClick={onNext}>
        {nextLabel}
      </Button>
    </div>
  );
}
