import type { Dispatch } from 'react';
import { toggleCourse, WIZARD_STEPS, type ApiClient } from '@portal/contracts';
import { SkeletonBlock } from '@portal/design-system';
import { LoadError } from '@portal/frontend-kit';
import { canOpenStep, isDraftRepeat, type WizardAction, type WizardState } from '../wizard-state';
import type { useWizardCourses } from '../use-selected-courses';
import type { useWizardCompany } from '../use-wizard-company';
import { AddEmployeesStep, StepActions } from './add-employees-step';
import { CompanyChooser } from './company-chooser';
import { CoursePicker } from './course-picker';
import { FinaliseStep } from './finalise-step';

export interface WizardStepBodyProps {
  api: ApiClient;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  courses: ReturnType<typeof useWizardCourses>;
  company: ReturnType<typeof useWizardCompany>;
  isSubmitting: boolean;
  onFinalise: () => void;
}

/** The wizard card's content: the current step, or the courses still loading or failed. */
export function WizardStepBody(props: WizardStepBodyProps) {
  const { courses, company, state } = props;
  if (courses.status === 'loading' || company.companyId === null) return <SkeletonBlock height={240} />;
  if (courses.status === 'error') return <LoadError error={courses.error} onRetry={courses.reload} what="your courses" />;
  if (state.step === 1) return <ChooseCoursesStep {...props} />;
  return (
    <>
      <CompanyChooser
        choices={company.choices}
        value={company.companyId}
        onChange={(id) => props.dispatch({ type: 'setCompany', companyId: id })}
      />
      {state.step === 2 ? <ChooseEmployeesStep {...props} companyId={company.companyId} /> : null}
      {state.step === 3 ? <FinaliseWizardStep {...props} companyId={company.companyId} /> : null}
    </>
  );
}

/** Step 1: the courses; ticking one from the whole catalogue also flips it in the company's selection (spec §4). */
function ChooseCoursesStep({ api, state, dispatch, courses }: WizardStepBodyProps) {
  const offered = courses.status === 'success' ? courses.data : null;
  const allCourses = offered?.courses ?? [];
  const isWholeCatalogue = offered?.isWholeCatalogue ?? false;
  function toggle(id: number) {
    dispatch({ type: 'toggleCourse', id });
    if (isWholeCatalogue) {
      // Spec §8: toggle failures are only logged; this enrolment keeps its choice either way.
      api.call(toggleCourse, { params: { id } }).catch((error: unknown) => console.error('Failed to toggle course', error));
    }
  }
  return (
    <>
      <CoursePicker
        courses={allCourses}
        chosenIds={state.courseIds}
        selectedIds={offered?.selectedIds ?? []}
        onToggle={toggle}
        onClear={() => dispatch({ type: 'clearCourses' })}
        isWholeCatalogue={isWholeCatalogue}
      />
      {allCourses.length ? (
        <StepActions
          nextLabel={`Next: ${WIZARD_STEPS[1]}`}
          canGoOn={canOpenStep(state, 2)}
          onNext={() => dispatch({ type: 'goTo', step: 2 })}
        />
      ) : null}
    </>
  );
}

function ChooseEmployeesStep({ api, state, dispatch, courses, company, companyId }: WizardStepBodyProps & { companyId: number }) {
  const allCourses = courses.status === 'success' ? courses.data.courses : [];
  const courseName = (id: number) => allCourses.find((c) => c.id === id)?.name ?? `Course ${id}`;
  const courseIdsNamed = (names: readonly string[]) =>
    allCourses.filter((c) => state.courseIds.includes(c.id) && names.includes(c.name)).map((c) => c.id);
  return (
    <>
      <AddEmployeesStep
        api={api}
        pickerCompanyId={company.ownCompanyId ?? companyId}
        companyId={companyId}
        courseIds={state.courseIds}
        employees={state.employees}
        newEmployees={state.newEmployees}
        bulkRows={state.bulkRows}
        courseName={courseName}
        courseIdsNamed={courseIdsNamed}
        isRepeat={(candidate) => isDraftRepeat(state, candidate)}
        onAdd={(employee) => dispatch({ type: 'addEmployee', employee })}
        onRemove={(id) => dispatch({ type: 'removeEmployee', id })}
        onAddNew={(employee) => dispatch({ type: 'addNewEmployee', employee })}
        onRemoveNew={(key) => dispatch({ type: 'removeNewEmployee', key })}
        onBulkRows={(rows) => dispatch({ type: 'setBulkRows', rows })}
        onRemoveBulkRow={(row) => dispatch({ type: 'removeBulkRow', row })}
      />
      <StepActions
        nextLabel={`Next: ${WIZARD_STEPS[2]}`}
        canGoOn={canOpenStep(state, 3)}
        onBack={() => dispatch({ type: 'goTo', step: 1 })}
        onNext={() => dispatch({ type: 'goTo', step: 3 })}
      />
    </>
  );
}

function FinaliseWizardStep(props: WizardStepBodyProps & { companyId: number }) {
  const { api, state, dispatch, courses, company, companyId } = props;
  return (
    <FinaliseStep
      api={api}
      companyId={companyId}
      ownCompanyId={company.ownCompanyId}
      companyName={company.companyName}
      allCourses={courses.status === 'success' ? courses.data.courses : []}
      state={state}
      payFromParent={state.payFromParent}
      onPayFromParent={(value) => dispatch({ type: 'setPayFromParent', value })}
      isSubmitting={props.isSubmitting}
      onBack={() => dispatch({ type: 'goTo', step: 2 })}
      onFinalise={props.onFinalise}
    />
  );
}
