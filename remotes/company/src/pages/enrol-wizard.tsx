import { useEffect, useRef } from 'react';
import { WIZARD_STEPS } from '@portal/contracts';
import { Card, PageHeader } from '@portal/design-system';
import { LoadError, type RemotePageProps } from '@portal/frontend-kit';
import { EnrolmentSummaryCard } from '../modules/enrol/components/enrolment-summary';
import { EnrolErrorModal } from '../modules/enrol/components/error-modal';
import { FromPeopleNotice } from '../modules/enrol/components/from-people-notice';
import { NewLearnerCodes } from '../modules/enrol/components/new-learner-codes';
import { OutstandingLearnersModal } from '../modules/enrol/components/outstanding-learners-modal';
import { WizardStepBody } from '../modules/enrol/components/wizard-step-body';
import { WizardSteps } from '../modules/enrol/components/wizard-steps';
import { useLeaveWarning } from '../modules/enrol/use-leave-warning';
import { useWizardCourses } from '../modules/enrol/use-selected-courses';
import { useEmployeesFromAddress } from '../modules/enrol/use-employees-from-address';
import { useWizardCompany } from '../modules/enrol/use-wizard-company';
import { useWizardDraft } from '../modules/enrol/use-wizard-draft';
import { useWizardFinalise } from '../modules/enrol/use-wizard-finalise';
import { canOpenStep, hasOutstandingLearners, wizardLearners } from '../modules/enrol/wizard-state';
import '../modules/enrol/enrol.css';

/** /enrolments/create/v2 (spec §2 "Enrol employees", §4 Wizard): EnrolNew. */
export default function EnrolNew({ api, session }: RemotePageProps) {
  const { state, dispatch, forget, wasRestored } = useWizardDraft(session?.id);
  const pageRef = useRef<HTMLDivElement>(null);
  const courses = useWizardCourses(api, 'enrol-wizard-courses');
  const company = useWizardCompany(api, session, state.companyId);
  const leaveWarning = useLeaveWarning(hasOutstandingLearners(state));
  const fromPeople = useEmployeesFromAddress(api, company.ownCompanyId, (employees) => {
    for (const employee of employees) dispatch({ type: 'addEmployee', employee });
  });
  const { companyId, ownCompanyId, account } = company;
  const finalising = useWizardFinalise({ api, state, companyId, ownCompanyId, forget, pageRef });

  // The company's selected courses start ticked (issue 32 item 7), unless a draft came back.
  const selectedIds = courses.status === 'success' ? courses.data.selectedIds : null;
  useEffect(() => {
    if (selectedIds && !wasRestored) dispatch({ type: 'seedCourses', ids: selectedIds });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the courses arrive.
  }, [selectedIds === null]);

  return (
    <div ref={pageRef} className="enrol-page" data-testid="enrol-wizard">
      <PageHeader title="Enrol Employees" subtitle="Choose courses, add your employees, check the cost and finalise." />
      {account.status === 'error' ? <LoadError error={account.error} onRetry={account.reload} what="your depots" /> : null}
      {finalising.summary ? (
        <EnrolmentSummaryCard summary={finalising.summary} onEnrolMore={finalising.enrolMore}>
          <NewLearnerCodes api={api} companyId={finalising.enrolled.companyId} enrolled={finalising.enrolled.rows} />
        </EnrolmentSummaryCard>
      ) : null}
      <FromPeopleNotice status={fromPeople} />
      <WizardSteps current={state.step} canOpen={(step) => canOpenStep(state, step)} onOpen={(step) => dispatch({ type: 'goTo', step })} />
      <Card title={`${state.step}. ${WIZARD_STEPS[state.step - 1]}`}>
        <div className="enrol-step" data-testid={`enrol-step-${state.step}`}>
          <WizardStepBody
            api={api}
            state={state}
            dispatch={dispatch}
            courses={courses}
            company={company}
            isSubmitting={finalising.isSubmitting}
            onFinalise={() => void finalising.finalise()}
          />
        </div>
      </Card>
      <EnrolErrorModal text={finalising.errorText} onClose={finalising.dismissError} />
      <OutstandingLearnersModal
        isOpen={leaveWarning.isAsking}
        learnerCount={wizardLearners(state).count}
        onStay={leaveWarning.stay}
        onLeave={leaveWarning.leave}
        onFinalise={() => {
          leaveWarning.stay();
          dispatch({ type: 'goTo', step: 3 });
        }}
      />
    </div>
  );
}
