import { useState } from 'react';
import { companyEnrol, ENROLLING_MESSAGES, type RouteOutput } from '@portal/contracts';
import { Button, Card, PageHeader, SkeletonBlock, Table } from '@portal/design-system';
import { announceCreditBalanceChanged, LoadError, type RemotePageProps } from '@portal/frontend-kit';
import { CoursePicker } from '../modules/enrol/components/course-picker';
import { EmployeeFinder } from '../modules/enrol/components/employee-finder';
import { EnrolmentSummaryCard } from '../modules/enrol/components/enrolment-summary';
import { toChosen } from '../modules/enrol/components/employee-table';
import { EnrolErrorModal } from '../modules/enrol/components/error-modal';
import { enrolFailureText } from '../modules/enrol/enrol-errors';
import { useSelectedCourses } from '../modules/enrol/use-selected-courses';
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

/** /enrolments/create (spec §2 "Enrol employees", the older single page): Enroll. */
export default function Enrol({ api, session }: RemotePageProps) {
  const courses = useSelectedCourses(api, 'enrol-courses');
  const [courseIds, setCourseIds] = useState<number[]>([]);
  const [employees, setEmployees] = useState<ChosenEmployee[]>([]);
  const [result, setResult] = useState<Result | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const companyId = session?.company_id ?? null;
  const allCourses = courses.status === 'success' ? courses.data : [];
  const courseName = (id: number) => allCourses.find((c) => c.id === id)?.name ?? `Course ${id}`;

  async function enrol() {
    if (companyId === null) return;
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
      setIsSubmitting(false);
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
      {courses.status === 'success' && companyId !== null ? (
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
            <Button type="button" loading={isSubmitting} disabled={!courseIds.length || !employees.length} onClick={() => void enrol()}>
              Enrol
            </Button>
          </div>
        </>
      ) : null}
      <EnrolErrorModal text={errorText} onClose={() => setErrorText(null)} />
    </div>
  );
}
