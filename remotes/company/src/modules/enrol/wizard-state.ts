import { WIZARD_STEPS, type BulkRow } from '@portal/contracts';

export type WizardStep = 1 | 2 | 3;
export const WIZARD_STEP_NUMBERS: readonly WizardStep[] = WIZARD_STEPS.map((_, index) => (index + 1) as WizardStep);

/** A chosen employee who already has an account (picked, found, or just created by the page). */
export interface ChosenEmployee {
  id: number;
  name: string;
  email: string | null;
  /** Of the chosen courses, those they already have (not charged; reported as failed by the server). */
  enrolled_course_ids: readonly number[];
}

export interface WizardState {
  step: WizardStep;
  courseIds: readonly number[];
  employees: readonly ChosenEmployee[];
  /** The reviewed rows of the last spreadsheet upload. */
  bulkRows: readonly BulkRow[];
}

export type WizardAction =
  | { type: 'toggleCourse'; id: number }
  | { type: 'addEmployee'; employee: ChosenEmployee }
  | { type: 'removeEmployee'; id: number }
  | { type: 'setBulkRows'; rows: readonly BulkRow[] }
  | { type: 'removeBulkRow'; row: number }
  | { type: 'goTo'; step: WizardStep }
  | { type: 'reset' };

export const initialWizardState: WizardState = { step: 1, courseIds: [], employees: [], bulkRows: [] };

/** Who finalise enrols: existing accounts by id (picked or matched by a bulk row), and new ones from bulk rows. */
export interface WizardLearners {
  users: number[];
  newUsers: { name: string; email: string | null }[];
  count: number;
}

export function wizardLearners(state: Pick<WizardState, 'employees' | 'bulkRows'>): WizardLearners {
  const users = new Set(state.employees.map((employee) => employee.id));
  const newUsers: WizardLearners['newUsers'] = [];
  for (const row of state.bulkRows) {
    // Rows finalise would refuse (a bad email, a repeat within the file) are shown, never sent.
    if (!row.ok) continue;
    if (row.existing_user_id !== null) users.add(row.existing_user_id);
    else newUsers.push({ name: row.Name, email: row.Email });
  }
  return { users: [...users], newUsers, count: users.size + newUsers.length };
}

/** Spec §4: step 2 needs at least one course, step 3 at least one learner too. */
export function canOpenStep(state: WizardState, step: WizardStep): boolean {
  if (step === 1) return true;
  if (state.courseIds.length === 0) return false;
  return step === 2 || wizardLearners(state).count > 0;
}

/** While learners are chosen and not yet enrolled, leaving the page warns (spec §4). */
export function hasOutstandingLearners(state: WizardState): boolean {
  return wizardLearners(state).count > 0;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'toggleCourse': {
      const courseIds = state.courseIds.includes(action.id)
        ? state.courseIds.filter((id) => id !== action.id)
        : [...state.courseIds, action.id];
      return { ...state, courseIds };
    }
    case 'addEmployee':
      if (state.employees.some((employee) => employee.id === action.employee.id)) return state;
      return { ...state, employees: [...state.employees, action.employee] };
    case 'removeEmployee':
      return { ...state, employees: state.employees.filter((employee) => employee.id !== action.id) };
    case 'setBulkRows':
      return { ...state, bulkRows: action.rows };
    case 'removeBulkRow':
      return { ...state, bulkRows: state.bulkRows.filter((row) => row.row !== action.row) };
    case 'goTo':
      return canOpenStep(state, action.step) ? { ...state, step: action.step } : state;
    case 'reset':
      return initialWizardState;
  }
}
