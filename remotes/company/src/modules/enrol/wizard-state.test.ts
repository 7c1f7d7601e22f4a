import type { BulkRow } from '@portal/contracts';
import {
  canOpenStep,
  hasOutstandingLearners,
  initialWizardState,
  wizardLearners,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';

const employee = (id: number, name = `Employee ${id}`) => ({ id, name, email: null, enrolled_course_ids: [] });
const bulkRow = (row: number, patch: Partial<BulkRow> = {}): BulkRow => ({
  row,
  Name: `Row ${row}`,
  Email: `row${row}@example.test`,
  problems: [],
  existing_user_id: null,
  existing_user_name: null,
  enrolled_course_ids: [],
  ok: true,
  ...patch,
});
const run = (...actions: WizardAction[]) => actions.reduce(wizardReducer, initialWizardState);

describe('wizard state', () => {
  it('opens step 2 only with a course and step 3 only with a learner too', () => {
    expect(canOpenStep(initialWizardState, 1)).toBe(true);
    expect(canOpenStep(initialWizardState, 2)).toBe(false);
    const withCourse = run({ type: 'toggleCourse', id: 4 });
    expect(canOpenStep(withCourse, 2)).toBe(true);
    expect(canOpenStep(withCourse, 3)).toBe(false);
    const withLearner = wizardReducer(withCourse, { type: 'addEmployee', employee: employee(9) });
    expect(canOpenStep(withLearner, 3)).toBe(true);
    // A learner without a course still cannot go on.
    expect(canOpenStep(run({ type: 'addEmployee', employee: employee(9) }), 3)).toBe(false);
  });

  it('refuses to move to a step that is not open', () => {
    expect(run({ type: 'goTo', step: 3 }).step).toBe(1);
    expect(run({ type: 'toggleCourse', id: 1 }, { type: 'goTo', step: 2 }).step).toBe(2);
  });

  it('toggles a course on and off', () => {
    const state = run({ type: 'toggleCourse', id: 1 }, { type: 'toggleCourse', id: 2 }, { type: 'toggleCourse', id: 1 });
    expect(state.courseIds).toEqual([2]);
  });

  it('adds an employee once and removes them', () => {
    const state = run(
      { type: 'addEmployee', employee: employee(1) },
      { type: 'addEmployee', employee: employee(1) },
      { type: 'addEmployee', employee: employee(2) },
    );
    expect(state.employees.map((e) => e.id)).toEqual([1, 2]);
    expect(wizardReducer(state, { type: 'removeEmployee', id: 1 }).employees.map((e) => e.id)).toEqual([2]);
  });

  it('sends bulk rows as new users or matched employees, skipping refused rows and repeats of picked employees', () => {
    const state: WizardState = {
      ...initialWizardState,
      employees: [employee(7)],
      bulkRows: [
        bulkRow(2),
        bulkRow(3, { existing_user_id: 7, existing_user_name: 'Employee 7' }),
        bulkRow(4, { existing_user_id: 8, existing_user_name: 'Employee 8' }),
        bulkRow(5, { Email: 'nope', ok: false, problems: ['This email address is not valid.'] }),
        bulkRow(6, { Email: null }),
      ],
    };
    expect(wizardLearners(state)).toEqual({
      users: [7, 8],
      newUsers: [
        { name: 'Row 2', email: 'row2@example.test' },
        { name: 'Row 6', email: null },
      ],
      count: 4,
    });
  });

  it('removes a bulk row by its sheet row number', () => {
    const state = run({ type: 'setBulkRows', rows: [bulkRow(2), bulkRow(3)] }, { type: 'removeBulkRow', row: 2 });
    expect(state.bulkRows.map((r) => r.row)).toEqual([3]);
  });

  it('has outstanding learners while anyone is chosen, and none after a reset', () => {
    const state = run({ type: 'toggleCourse', id: 1 }, { type: 'setBulkRows', rows: [bulkRow(2)] }, { type: 'goTo', step: 3 });
    expect(hasOutstandingLearners(state)).toBe(true);
    expect(state.step).toBe(3);
    const reset = wizardReducer(state, { type: 'reset' });
    expect(reset).toEqual(initialWizardState);
    expect(hasOutstandingLearners(reset)).toBe(false);
  });
});
