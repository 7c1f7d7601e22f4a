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

/**
 * A new employee typed into step 2: only a draft until Finalise creates the account with the
 * enrolment (issue 32 item 1). `key` tells drafts apart (two people may share a name).
 */
export interface DraftEmployee {
  key: string;
  name: string;
  email: string | null;
}

export interface WizardState {
  step: WizardStep;
  courseIds: readonly number[];
  employees: readonly ChosenEmployee[];
  newEmployees: readonly DraftEmployee[];
  /** The reviewed rows of the last spreadsheet upload. */
  bulkRows: readonly BulkRow[];
  /** "Learners belong to": the company or depot new employees join (null: the manager's own). */
  companyId: number | null;
  /** Step 3's choice: the parent pays for its depots' learners. */
  payFromParent: boolean;
}

export type WizardAction =
  | { type: 'toggleCourse'; id: number }
  | { type: 'addEmployee'; employee: ChosenEmployee }
  | { type: 'removeEmployee'; id: number }
  | { type: 'addNewEmployee'; employee: DraftEmployee }
  | { type: 'removeNewEmployee'; key: string }
  | { type: 'seedCourses'; ids: readonly number[] }
  | { type: 'clearCourses' }
  | { type: 'setCompany'; companyId: number }
  | { type: 'setPayFromParent'; value: boolean }
  | { type: 'setBulkRows'; rows: readonly BulkRow[] }
  | { type: 'removeBulkRow'; row: number }
  | { type: 'goTo'; step: WizardStep }
  | { type: 'reset' };

export const initialWizardState: WizardState = {
  step: 1,
  courseIds: [],
  employees: [],
  newEmployees: [],
  bulkRows: [],
  companyId: null,
  payFromParent: false,
};

/** Who finalise enrols: existing accounts by id (picked or matched by a bulk row), and new ones (drafts and bulk rows). */
export interface WizardLearners {
  users: number[];
  newUsers: { name: string; email: string | null }[];
  count: number;
}

export function wizardLearners(state: Pick<WizardState, 'employees' | 'newEmployees' | 'bulkRows'>): WizardLearners {
  const users = new Set(state.employees.map((employee) => employee.id));
  const newUsers: WizardLearners['newUsers'] = state.newEmployees.map((draft) => ({ name: draft.name, email: draft.email }));
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
    case 'addNewEmployee':
      return { ...state, newEmployees: [...state.newEmployees, action.employee] };
    case 'removeNewEmployee':
      return { ...state, newEmployees: state.newEmployees.filter((draft) => draft.key !== action.key) };
    case 'seedCourses':
      return state.courseIds.length ? state : { ...state, courseIds: [...action.ids] };
    case 'clearCourses':
      return { ...state, courseIds: [] };
    case 'setCompany':
      return { ...state, companyId: action.companyId };
    case 'setPayFromParent':
      return { ...state, payFromParent: action.value };
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

/** A draft read back after a reload: its shape checked, anything else starts afresh. */
export function restoredWizardState(value: unknown): WizardState | null {
  if (!value || typeof value !== 'object') return null;
  const draft = value as Partial<WizardState>;
  const isList = (list: unknown) => Array.isArray(list);
  if (![1, 2, 3].includes(draft.step as number) || !isList(draft.courseIds) || !isList(draft.employees)) return null;
  if (!isList(draft.newEmployees) || !isList(draft.bulkRows)) return null;
  return { ...initialWizardState, ...draft };
}

/** The same person typed twice into this enrolment: the same email, or the same name when neither has one. */
export function isDraftRepeat(state: Pick<WizardState, 'newEmployees'>, candidate: { name: string; email: string | null }): boolean {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return state.newEmployees.some((draft) =>
    candidate.email ? !!draft.email && same(draft.email, candidate.email) : !draft.email && same(draft.name, candidate.name),
  );
}
