import { useEffect, useRef, useState } from 'react';
import { accountGet, toggleCourse, WIZARD_STEPS, wizardEnrol, ENROLLING_MESSAGES, type EnrolmentSummary } from '@portal/contracts';
import { Button, Card, Modal, Notice, PageHeader, SkeletonBlock } from '@portal/design-system';
import { announceCreditBalanceChanged, LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { AddEmployeesStep, StepActions } from '../modules/enrol/components/add-employees-step';
import { CompanyChooser, type CompanyChoice } from '../modules/enrol/components/company-chooser';
import { CoursePicker } from '../modules/enrol/components/course-picker';
import { EnrolmentSummaryCard } from '../modules/enrol/components/enrolment-summary';
import { EnrolErrorModal } from '../modules/enrol/components/error-modal';
import { FinaliseStep, finaliseBody } from '../modules/enrol/components/finalise-step';
import { NewLearnerCodes, type EnrolledForCodes } from '../modules/enrol/components/new-learner-codes';
import { WizardSteps } from '../modules/enrol/components/wizard-steps';
import { enrolFailureText } from '../modules/enrol/enrol-errors';
import { useLeaveWarning } from '../modules/enrol/use-leave-warning';
import { useWizardCourses } from '../modules/enrol/use-selected-courses';
import { useEmployeesFromAddress } from '../modules/enrol/use-employees-from-address';
import { useWizardDraft } from '../modules/enrol/use-wizard-draft';
import { canOpenStep, hasOutstandingLearners, isDraftRepeat, wizardLearners } from '../modules/enrol/wizard-state';
import '../modules/enrol/enrol.css';

/** /enrolments/create/v2 (spec §2 "Enrol employees", §4 Wizard): EnrolNew. */
export default function EnrolNew({ api, session }: RemotePageProps) {
  const { state, dispatch, forget, wasRestored } = useWizardDraft(session?.id);
  const [summary, setSummary] = useState<EnrolmentSummary | null>(null);
  // Finalise's rows (learner, course, login code) and the company they were enrolled for: the summary lists the codes.
  const [enrolled, setEnrolled] = useState<EnrolledForCodes>({ rows: [], companyId: 0 });
  const [errorText, setErrorText] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const pageRef = useRef<HTMLDivElement>(null);
  const courses = useWizardCourses(api, 'enrol-wizard-courses');
  const account = useApiQuery('enrol-wizard-account', () => api.call(accountGet));
  const leaveWarning = useLeaveWarning(hasOutstandingLearners(state));

  const ownCompany: CompanyChoice | null =
    account.status === 'success' ? account.data.company : session ? { id: session.company_id, name: session.company_name } : null;
  const choices: CompanyChoice[] = ownCompany ? [ownCompany, ...(account.status === 'success' ? account.data.depots : [])] : [];
  const companyId = state.companyId ?? ownCompany?.id ?? null;
  const setCompany = (id: number) => dispatch({ type: 'setCompany', companyId: id });
  const fromPeople = useEmployeesFromAddress(api, ownCompany?.id ?? null, (employees) => {
    for (const employee of employees) dispatch({ type: 'addEmployee', employee });
  });
  const companyName = choices.find((c) => c.id === companyId)?.name ?? '';

  const allCourses = courses.status === 'success' ? courses.data.courses : [];
  const isWholeCatalogue = courses.status === 'success' && courses.data.isWholeCatalogue;
  // The company's selected courses start ticked (issue 32 item 7), unless a draft came back.
  const selectedIds = courses.status === 'success' ? courses.data.selectedIds : null;
  useEffect(() => {
    if (selectedIds && !wasRestored) dispatch({ type: 'seedCourses', ids: selectedIds });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the courses arrive.
  }, [selectedIds === null]);

  /** Ticking a course chooses it; from the whole catalogue it also flips it in the company's selection (spec §4). */
  function toggle(id: number) {
    dispatch({ type: 'toggleCourse', id });
    if (isWholeCatalogue) {
      // Spec §8: toggle failures are only logged; this enrolment keeps its choice either way.
      api.call(toggleCourse, { params: { id } }).catch((error: unknown) => console.error('Failed to toggle course', error));
    }
  }
  const courseName = (id: number) => allCourses.find((c) => c.id === id)?.name ?? `Course ${id}`;
  const courseIdsNamed = (names: readonly string[]) =>
    allCourses.filter((c) => state.courseIds.includes(c.id) && names.includes(c.name)).map((c) => c.id);
  const canOpen = (step: 1 | 2 | 3) => canOpenStep(state, step);

  async function finalise() {
    if (companyId === null) return;
    setIsSubmitting(true);
    try {
      const response = await api.call(wizardEnrol, { body: finaliseBody(state, companyId, state.payFromParent) });
      forget();
      setSummary(response.enrollment_summary);
      setEnrolled({ rows: response.data, companyId: ownCompany?.id ?? companyId });
      announceCreditBalanceChanged();
      pageRef.current?.scrollIntoView?.({ block: 'start' });
    } catch (error) {
      setErrorText(enrolFailureText(error));
    } finally {
      setIsSubmitting(false);
    }
  }

  let body;
  if (courses.status === 'loading' || companyId === null) body = <SkeletonBlock height={240} />;
  else if (courses.status === 'error') body = <LoadError error={courses.error} onRetry={courses.reload} what="your courses" />;
  else if (state.step === 1)
    body = (
      <>
        <CoursePicker
          courses={allCourses}
          chosenIds={state.courseIds}
          selectedIds={selectedIds ?? []}
          onToggle={toggle}
          onClear={() => dispatch({ type: 'clearCourses' })}
          isWholeCatalogue={isWholeCatalogue}
        />
        {allCourses.length ? (
          <StepActions nextLabel={`Next: ${WIZARD_STEPS[1]}`} canGoOn={canOpen(2)} onNext={() => dispatch({ type: 'goTo', step: 2 })} />
        ) : null}
      </>
    );
  else if (state.step === 2)
    body = (
      <>
        <CompanyChooser choices={choices} value={companyId} onChange={setCompany} />
        <AddEmployeesStep
          api={api}
          pickerCompanyId={ownCompany?.id ?? companyId}
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
          canGoOn={canOpen(3)}
          onBack={() => dispatch({ type: 'goTo', step: 1 })}
          onNext={() => dispatch({ type: 'goTo', step: 3 })}
        />
      </>
    );
  else
    body = (
      <>
        <CompanyChooser choices={choices} value={companyId} onChange={setCompany} />
        <FinaliseStep
          api={api}
          companyId={companyId}
          companyName={companyName}
          allCourses={allCourses}
          state={state}
          payFromParent={state.payFromParent}
          onPayFromParent={(value) => dispatch({ type: 'setPayFromParent', value })}
          isSubmitting={isSubmitting}
          onBack={() => dispatch({ type: 'goTo', step: 2 })}
          onFinalise={() => void finalise()}
        />
      </>
    );

  return (
    <div ref={pageRef} className="enrol-page" data-testid="enrol-wizard">
      <PageHeader title="Enrol Employees" subtitle="Choose courses, add your employees, check the cost and finalise." />
      {account.status === 'error' ? <LoadError error={account.error} onRetry={account.reload} what="your depots" /> : null}
      {summary ? (
        <EnrolmentSummaryCard
          summary={summary}
          onEnrolMore={() => {
            setSummary(null);
            forget();
          }}
        >
          <NewLearnerCodes api={api} companyId={enrolled.companyId} enrolled={enrolled.rows} />
        </EnrolmentSummaryCard>
      ) : null}
      <FromPeopleNotice status={fromPeople} />
      <WizardSteps current={state.step} canOpen={canOpen} onOpen={(step) => dispatch({ type: 'goTo', step })} />
      <Card title={`${state.step}. ${WIZARD_STEPS[state.step - 1]}`}>
        <div className="enrol-step" data-testid={`enrol-step-${state.step}`}>
          {body}
        </div>
      </Card>
      <EnrolErrorModal text={errorText} onClose={() => setErrorText(null)} />
      <Modal
        open={leaveWarning.isAsking}
        title={ENROLLING_MESSAGES.outstandingTitle}
        onClose={leaveWarning.stay}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={leaveWarning.leave}>
              Leave without enrolling
            </Button>
            <Button
              type="button"
              onClick={() => {
                leaveWarning.stay();
                dispatch({ type: 'goTo', step: 3 });
              }}
            >
              Finalise Enrollment
            </Button>
          </>
        }
      >
        <p>
          You have chosen {wizardLearners(state).count} learner{wizardLearners(state).count === 1 ? '' : 's'} who{' '}
          {wizardLearners(state).count === 1 ? 'is' : 'are'} not enrolled yet. Finalise the enrolment now, or leave and lose your choices?
        </p>
      </Modal>
    </div>
  );
}

/** What became of the People page's selection (`?users=`). */
function FromPeopleNotice({ status }: { status: { phase: 'idle' | 'loading' | 'done' | 'error'; count: number } }) {
  if (status.phase === 'idle') return null;
  if (status.phase === 'loading') return <Notice tone="info">Adding the employees you chose…</Notice>;
  if (status.phase === 'error') return <Notice tone="error">The employees you chose could not be added. Add them in step 2.</Notice>;
  return (
    <Notice tone="success" autoHideMs={8000}>
      {status.count} employee{status.count === 1 ? ' is' : 's are'} chosen for this enrolment: choose the courses, then check them in step
      2.
    </Notice>
  );
}
