import { useState } from 'react';
import type { CourseSummary } from '@portal/contracts';
import { Pagination, Table, type TableColumn } from '@portal/design-system';
import { creditsText } from '../enrol-cost';
import type { FinaliseLearner } from './finalise-step';

const PAGE_SIZE = 10;

/** Step 3's table: a learner a row, 10 a page, and per course what it costs them (or that they have it). */
export function FinaliseLearnersTable({ learners, courses }: { learners: readonly FinaliseLearner[]; courses: readonly CourseSummary[] }) {
  const [page, setPage] = useState(1);
  const lastPage = Math.max(1, Math.ceil(learners.length / PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const columns: TableColumn<FinaliseLearner>[] = [
    {
      key: 'learner',
      header: 'Learner',
      render: (l) => (
        <span className="enrol-learner-cell">
          <span>{l.name}</span>
          <span className="enrol-muted">
            {l.email ?? 'Login code'}
            {l.isNew ? ' · new account' : ''}
          </span>
        </span>
      ),
    },
    ...courses.map((course): TableColumn<FinaliseLearner> => ({
      key: `course-${course.id}`,
      header: course.name,
      align: 'center',
      render: (l) =>
        l.enrolled_course_ids.includes(course.id) ? (
          <span className="enrol-muted">Already enrolled</span>
        ) : (
          <span>{creditsText(course.credit_cost)}</span>
        ),
    })),
  ];
  return (
    <>
      <Table
        caption="Courses and learners"
        columns={columns}
        rows={learners.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
        rowKey={(l) => l.key}
        emptyText="No learners chosen yet."
        stackOnMobile
      />
      {lastPage > 1 ? (
        <Pagination page={current} lastPage={lastPage} onPageChange={(next) => setPage(Math.max(1, Math.min(next, lastPage)))} />
      ) : null}
    </>
  );
}
