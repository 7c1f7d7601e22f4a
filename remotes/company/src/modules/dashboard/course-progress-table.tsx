import { ProgressBar, Table } from '@portal/design-system';
import type { DashboardData } from './dashboard-data';

type CourseRow = DashboardData['courses'][number];

const columns = [
  { key: 'name', header: 'Course name', render: (row: CourseRow) => <span className="company-course-name">{row.name}</span> },
  { key: 'total', header: 'Total enrollments', align: 'right' as const, render: (row: CourseRow) => row.total },
  {
    key: 'passed',
    header: 'Passed',
    render: (row: CourseRow) => (
      <div className="company-progress-cell">
        <ProgressBar value={row.progress} label={`${row.passed} of ${row.total} passed`} />
      </div>
    ),
  },
  {
    key: 'view',
    header: <span className="ds-visually-hidden">Actions</span>,
    align: 'right' as const,
    render: (row: CourseRow) => (
      <a className="ds-button ds-button--secondary ds-button--sm" href={`/reporting?c=${row.id}`}>
        View<span className="ds-visually-hidden"> {row.name}</span>
      </a>
    ),
  },
];

export function CourseProgressTable({ courses }: { courses: CourseRow[] }) {
  return (
    // On a phone each course is a card, as on /reporting: four columns do not fit 390 px (issue 32 item 7).
    <Table
      caption="Courses"
      columns={columns}
      rows={courses}
      rowKey={(row) => row.id}
      emptyText="You haven't enroled any employees yet."
      stackOnMobile
    />
  );
}
