import type { ReactNode } from 'react';
import { formatDate, type ReportingEnrolmentRow, type ReportingSort } from '@portal/contracts';
import { Button, ButtonLink, StatusPill, Table, type TableColumn, type TableSort } from '@portal/design-system';
import { rowActions } from '../row-actions';
import { STATUS_PILL } from '../status-pill';

type Row = ReportingEnrolmentRow;

export interface RowHandlers {
  onRemind: (row: Row) => void;
  onReEnrol: (row: Row) => void;
  /** Opens the learner's certificate history of the course (passed rows). */
  onHistory: (row: Row) => void;
  /** Opens what the learner answered (started rows). */
  onAnswers: (row: Row) => void;
  /** The row whose action is running (its buttons show busy). */
  busyRowId: number | null;
}

export interface EnrolmentsTableProps extends RowHandlers {
  rows: Row[];
  hasDepots: boolean;
  loading: boolean;
  sort: TableSort;
  onSortChange: (key: string) => void;
  emptyText: ReactNode;
}

const date = (value: string | null) => (value ? formatDate(value) : '—');

function Actions({ row, onRemind, onReEnrol, onHistory, onAnswers, busyRowId }: { row: Row } & RowHandlers) {
  const busy = busyRowId === row.id;
  return (
    <div className="reporting-actions">
      {rowActions(row.actions).map((action) => {
        switch (action) {
          case 'edit':
            return (
              <ButtonLink key={action} variant="secondary" size="sm" href={`/enrolments/${row.id}/edit`}>
                Edit<span className="ds-visually-hidden"> {row.learner_name}, {row.course_name}</span>
              </ButtonLink>
            );
          case 'remind':
            return (
              <Button key={action} variant="secondary" size="sm" loading={busy} onClick={() => onRemind(row)}>
                Remind<span className="ds-visually-hidden"> {row.learner_name}, {row.course_name}</span>
              </Button>
            );
          case 'certificate':
            return (
              <ButtonLink key={action} variant="secondary" size="sm" href={`/api/enrollments/${row.id}/certificate`} target="_blank" rel="noopener">
                View Certificate<span className="ds-visually-hidden"> of {row.learner_name}, {row.course_name}</span>
              </ButtonLink>
            );
          case 're-enrol':
            return (
              <Button key={action} variant="primary" size="sm" loading={busy} onClick={() => onReEnrol(row)}>
                Re-enrol<span className="ds-visually-hidden"> {row.learner_name}, {row.course_name}</span>
              </Button>
            );
        }
      })}
      {row.status === 'passed' ? (
        <Button variant="ghost" size="sm" onClick={() => onHistory(row)}>
          History<span className="ds-visually-hidden"> of {row.learner_name}'s certificates, {row.course_name}</span>
        </Button>
      ) : null}
      {row.status !== 'not_started' ? (
        <Button variant="ghost" size="sm" onClick={() => onAnswers(row)}>
          View answers<span className="ds-visually-hidden"> of {row.learner_name}, {row.course_name}</span>
        </Button>
      ) : null}
    </div>
  );
}

/** The /reporting table (spec §2): every column sorts; status pills; the expiry red within 7 days or past. */
export function EnrolmentsTable({ rows, hasDepots, loading, sort, onSortChange, emptyText, ...handlers }: EnrolmentsTableProps) {
  const column = (key: ReportingSort, header: string, render: (row: Row) => ReactNode): TableColumn<Row> => ({ key, header, render, sortable: true });
  const columns: TableColumn<Row>[] = [
    column('learner', 'Learner', (row) => <span className="reporting-learner">{row.learner_name}</span>),
    column('email', 'Email / login code', (row) =>
      row.email ?? (row.login_code ? <span className="reporting-code" title="Login code">{row.login_code}</span> : '—'),
    ),
    ...(hasDepots ? [column('depot', 'Depot', (row) => row.depot ?? '—')] : []),
    column('course', 'Course', (row) => row.course_name),
    column('status', 'Status', (row) => <StatusPill status={STATUS_PILL[row.status]} />),
    column('enrolled', 'Enrolled', (row) => date(row.enrolled_at)),
    column('last_activity', 'Last activity', (row) => (
      <>
        {date(row.last_activity_at)}
        {row.last_reminded_at ? <span className="reporting-muted reporting-reminded">Reminded {formatDate(row.last_reminded_at)}</span> : null}
      </>
    )),
    column('passed', 'Passed', (row) => date(row.passed_at)),
    column('expiry', 'Expiry', (row) =>
      row.expires_at ? (
        <span className={row.expiry_due ? 'reporting-expiry reporting-expiry--due' : 'reporting-expiry'} data-due={row.expiry_due || undefined}>
          {formatDate(row.expires_at)}
        </span>
      ) : (
        '—'
      ),
    ),
    { key: 'actions', header: <span className="ds-visually-hidden">Actions</span>, render: (row) => <Actions row={row} {...handlers} /> },
  ];
  return (
    <Table caption="Enrolments" columns={columns} rows={rows} rowKey={(row) => row.id} loading={loading} sort={sort} onSortChange={onSortChange} emptyText={emptyText} stackOnMobile />
  );
}
