import { useRef, useState } from 'react';
import { companyEnrol, ENROLLING_MESSAGES, type RouteOutput } from '@portal/contracts';
import { Button, ButtonLink, Card, EmptyState, PageHeader, SkeletonBlock, Table } from '@portal/design-system';
import { announceCreditBalanceChanged, LoadError, useSiteSettings, type RemotePageProps } from '@portal/frontend-kit';
import { SpendConfirmation } from '@portal/frontend-kit/credits';
import { CoursePicker } from '../modules/enrol/components/course-picker';
import { EmployeeFinder } from '../modules/enrol/components/employee-finder';
import { EnrolmentSummaryCard } from '../modules/enrol/components/enrolment-summary';
import { toChosen } from '../modules/enrol/components/employee-table';
import { EnrolErrorModal } from '../modules/enrol/components/error-modal';
import { enrolFailureText } from '../modules/enrol/enrol-errors';
import { useOfferedCourses } from '../modules/enrol/use-selected-courses';
import type { ChosenEmployee } from '../modules/enrol/wizard-state';
import '../modules/enrol/enrol.css';

type Result = RouteOutput<typeof companyEnrol>;

/** What the older page adds to the summary: each learner's name, course, login code and enrolment code. */
function EnrolmentsMade({ rows }: { rows: Result['data'] }) {
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
  const [courseIds, setCourseIds] = useState<number[]>([]);
  const [employees, setEmployees] = useState<ChosenEmployee[]>([]);
  const [result, setResult] = useState<Result | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // State changes a render later; the ref stops a double click on Confirm at once.
  const inFlight = useRef(false);
  const companyId = session?.company_id ?? null;
  const allCourses = courses.status === 'success' ? courses.data.selected : [];
  const isNoneSelected = courses.status === 'success' && courses.data.selected.length === 0 && courses.data.all.length > 0;
  const courseName = (id: number) => allCourses.find((c) => c.id === id)?.name ?? `Course ${id}`;

  async function enrol() {
    // Once: a second click on Confirm while the first runs does nothing.
    if (companyId === null || inFlight.current) return;
    inFlight.current = true;
    setIsSubmitting(true);
    try {
      const answer = await api.call(companyEnrol, {
        params: { companyId },
        body: { courses: courseIds, users: employees.map((e) => e.id) },
      });
      setResult(answer);
      setCourseIds([]);
      setEmployees([]);
      announceCreditBalanceChanged();
    } catch (error) {
      setErrorText(enrolFailureText(error));
    } finally {
      inFlight.current = false;
      setIsSubmitting(false);
      setConfirming(false);
    }
  }

  return (
    <div className="enrol-page" data-testid="enrol-page">
      <PageHeader
        title="Enrol Employees"
        subtitle="Choose courses and employees, then enrol them. Employees already on a passed or expired course are re-enrolled."
      />
      {result ? (
        <EnrolmentSummaryCard summary={result.enrollment_summary} onEnrolMore={() => setResult(null)}>
          <EnrolmentsMade rows={result.data} />
        </EnrolmentSummaryCard>
      ) : null}
      {courses.status === 'loading' ? <SkeletonBlock height={240} /> : null}
      {courses.status === 'error' ? <LoadError error={courses.error} onRetry={courses.reload} what="your courses" /> : null}
      {isNoneSelected ? <NoCourseSelected /> : null}
      {courses.status === 'success' && companyId !== null && !isNoneSelected ? (
        <>
          <Card title="Courses">
            <CoursePicker
              courses={allCourses}
              chosenIds={courseIds}
              onToggle={(id) => setCourseIds((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]))}
            />
          </Card>
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
                        onClick={() => setEmployees((list) => list.filter((e) => e.id !== employee.id))}
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
                onAdd={(employee) =>
                  setEmployees((list) => (list.some((e) => e.id === employee.id) ? list : [...list, toChosen(employee)]))
                }
              />
            </div>
          </Card>
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
              onClick={() => setConfirming(true)}
            >
              Enrol
            </Button>
          </div>
        </>
      ) : null}
      {isConfirming && companyId !== null ? (
        <SpendConfirmation
          api={api}
          request={{ companyId, body: { courses: courseIds, users: employees.map((e) => e.id) } }}
          title="Enrol these employees?"
          action="Enrol"
          isConfirming={isSubmitting}
          creditPurchaseUrl={creditPurchaseUrl}
          onConfirm={() => void enrol()}
          onCancel={() => setConfirming(false)}
          errorText={enrolFailureText}
        />
      ) : null}
      <EnrolErrorModal text={errorText} onClose={() => setErrorText(null)} />
    </div>
  );
}
