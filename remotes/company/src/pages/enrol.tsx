import { ENROLLING_MESSAGES } from '@portal/contracts';
import { Button, ButtonLink, Card, EmptyState, PageHeader, SkeletonBlock, Table } from '@portal/design-system';
import { LoadError, useSiteSettings, type RemotePageProps } from '@portal/frontend-kit';
import { SpendConfirmation } from '@portal/frontend-kit/credits';
import { CoursePicker } from '../modules/enrol/components/course-picker';
import { ChosenEmployeesCard } from '../modules/enrol/components/chosen-employees-card';
import { EnrolmentSummaryCard } from '../modules/enrol/components/enrolment-summary';
import { EnrolErrorModal } from '../modules/enrol/components/error-modal';
import { enrolFailureText } from '../modules/enrol/enrol-errors';
import { useOfferedCourses } from '../modules/enrol/use-selected-courses';
import { useCompanyEnrol, type CompanyEnrolResult } from '../modules/enrol/use-company-enrol';
import '../modules/enrol/enrol.css';

/** What the older page adds to the summary: each learner's name, course, login code and enrolment code. */
function EnrolmentsMade({ rows }: { rows: CompanyEnrolResult['data'] }) {
  return (
    <Table
      caption="Enrolments made"
      columns={[
        { key: 'name', header: 'Learner', render: (r) => r.name },
        { key: 'course', header: 'Course', render: (r) => `${r.courseName}${r.re_enrolment ? ' (re-enrolment)' : ''}` },
        { key: 'login', header: 'Login code', render: (r) => r.login_code ?? '—' },
        { key: 'code', header: 'Enrolment code', render: (r) => r.code },
      ]}
      rows={rows}
      rowKey={(r) => r.enrollment_id}
      emptyText="No enrolments were made."
    />
  );
}

/** The company offers courses but has selected none (issue 32 item 7): say so and send the manager to select them. */
export function NoCourseSelected() {
  return (
    <EmptyState
      title="You have not selected any courses yet."
      action={
        <ButtonLink href="/courses" variant="primary" size="sm">
          Go to Courses
        </ButtonLink>
      }
    >
      No course is selected for your company, so there is nothing to enrol on here. Select the courses you offer on the Courses page.
    </EmptyState>
  );
}

/** /enrolments/create (spec §2 "Enrol employees", the older single page): Enroll, after a confirmation of what it spends. */
export default function Enrol({ api, session }: RemotePageProps) {
  const courses = useOfferedCourses(api, 'enrol-courses');
  const { credit_purchase_url: creditPurchaseUrl } = useSiteSettings();
  const companyId = session?.company_id ?? null;
  const enrolling = useCompanyEnrol(api, companyId);
  const { courseIds, employees, result, isSubmitting } = enrolling;
  const allCourses = courses.status === 'success' ? courses.data.selected : [];
  const isNoneSelected = courses.status === 'success' && courses.data.selected.length === 0 && courses.data.all.length > 0;
  const courseName = (id: number) => allCourses.find((c) => c.id === id)?.name ?? `Course ${id}`;

  return (
    <div className="enrol-page" data-testid="enrol-page">
      <PageHeader
        title="Enrol Employees"
        subtitle="Choose courses and employees, then enrol them. Employees already on a passed or expired course are re-enrolled."
      />
      {result ? (
        <EnrolmentSummaryCard summary={result.enrollment_summary} onEnrolMore={enrolling.clearResult}>
          <EnrolmentsMade rows={result.data} />
        </EnrolmentSummaryCard>
      ) : null}
      {courses.status === 'loading' ? <SkeletonBlock height={240} /> : null}
      {courses.status === 'error' ? <LoadError error={courses.error} onRetry={courses.reload} what="your courses" /> : null}
      {isNoneSelected ? <NoCourseSelected /> : null}
      {courses.status === 'success' && companyId !== null && !isNoneSelected ? (
        <>
          <Card title="Courses">
            <CoursePicker courses={allCourses} chosenIds={courseIds} onToggle={enrolling.toggleCourse} />
          </Card>
          <ChosenEmployeesCard
            api={api}
            companyId={companyId}
            courseIds={courseIds}
            employees={employees}
            courseName={courseName}
            onAdd={enrolling.addEmployee}
            onRemove={enrolling.removeEmployee}
          />
          <div className="enrol-actions">
            {!courseIds.length ? (
              <span className="enrol-muted">{ENROLLING_MESSAGES.selectCourse}</span>
            ) : !employees.length ? (
              <span className="enrol-muted">{ENROLLING_MESSAGES.selectLearner}</span>
            ) : null}
            <Button
              type="button"
              loading={isSubmitting}
              disabled={!courseIds.length || !employees.length}
              onClick={() => enrolling.setConfirming(true)}
            >
              Enrol
            </Button>
          </div>
        </>
      ) : null}
      {enrolling.isConfirming && companyId !== null ? (
        <SpendConfirmation
          api={api}
          request={{ companyId, body: { courses: courseIds, users: employees.map((e) => e.id) } }}
          title="Enrol these employees?"
          action="Enrol"
          isConfirming={isSubmitting}
          creditPurchaseUrl={creditPurchaseUrl}
          onConfirm={() => void enrolling.enrol()}
          onCancel={() => enrolling.setConfirming(false)}
          errorText={enrolFailureText}
        />
      ) : null}
      <EnrolErrorModal text={enrolling.errorText} onClose={enrolling.clearError} />
    </div>
  );
}
