import { formatDate, type PersonEnrolment } from '@portal/contracts';
import { Card, StatusPill, Table, type TableColumn } from '@portal/design-system';
import { STATUS_PILL } from '../reporting/status-pill';

const date = (value: string | null) => (value ? formatDate(value) : '—');

/** The learner's enrolments and their states, newest first; each opens its edit page. */
export function PersonEnrolments({ enrolments }: { enrolments: PersonEnrolment[] }) {
  const columns: TableColumn<PersonEnrolment>[] = [
    {
      key: 'course',
      header: 'Course',
      render: (e) => (
        <a className="people-name" href={`/enrolments/${e.id}/edit`}>
          {e.course_name}
        </a>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (e) => <StatusPill status={STATUS_PILL[e.status]} />,
    },
    { key: 'enrolled', header: 'Enrolled', render: (e) => date(e.enrolled_at) },
    { key: 'passed', header: 'Passed', render: (e) => date(e.passed_at) },
    { key: 'expires', header: 'Expiry', render: (e) => date(e.expires_at) },
  ];
  return (
    <Card>
      <Table
        caption="Enrolments"
        columns={columns}
        rows={enrolments}
        rowKey={(e) => e.id}
        emptyText="Not enrolled on any course yet."
        stackOnMobile
      />
    </Card>
  );
}
