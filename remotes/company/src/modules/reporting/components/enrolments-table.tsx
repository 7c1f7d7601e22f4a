import type { ReactNode } from 'react';
import { formatDate, type ReportingEnrolmentRow, type ReportingSort } from '@portal/contracts';
import { IconButton, IconLink, StatusPill, type TableColumn, type TableSort } from '@portal/design-system';
import { rowActions } from '../row-actions';
import { STATUS_PILL } from '../status-pill';
import { SortedTable, sortableColumn } from '../../lists/sorted-table';

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

/** An email that may break after its @ (where a reader expects it) before it breaks anywhere. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/**
 * A row's actions as icon buttons (each named for screen readers with the learner and course, its
 * words in a tooltip, beside the icon on a phone's card): compact enough that every action of a
 * row, and one more, fit the table at 1280 px without sideways scrolling.
 */
function Actions({ row, onRemind, onReEnrol, onHistory, onAnswers, busyRowId }: { row: Row } & RowHandlers) {
  const busy = busyRowId === row.id;
  const whose = `${row.learner_name}, ${row.course_name}`;
  return (
    <div className="reporting-actions">
      {rowActions(row.actions).map((action) => {
        switch (action) {
          case 'edit':
            return <IconLink key={action} icon="edit" label="Edit" detail={whose} href={`/enrolments/${row.id}/edit`} />;
          case 'remind':
            return <IconButton key={action} icon="remind" label="Remind" detail={whose} loading={busy} onClick={() => onRemind(row)} />;
          case 'certificate':
            return (
              <IconLink
                key={action}
                icon="certificate"
                label="View Certificate"
                detail={`of ${whose}`}
                href={`/api/enrollments/${row.id}/certificate`}
                target="_blank"
                rel="noopener"
              />
            );
          case 're-enrol':
            return (
              <IconButton
                key={action}
                icon="renew"
                variant="primary"
                label="Re-enrol"
                detail={whose}
                loading={busy}
                onClick={() => onReEnrol(row)}
              />
            );
        }
      })}
      {row.status === 'passed' ? (
        <IconButton
          icon="history"
          variant="ghost"
          label="History"
          detail={`of ${row.learner_name}'s certificates, ${row.course_name}`}
          onClick={() => onHistory(row)}
        />
      ) : null}
      {row.status !== 'not_started' ? (
        <IconButton icon="answers" variant="ghost" label="View answers" detail={`of ${whose}`} onClick={() => onAnswers(row)} />
      ) : null}
    </div>
  );
}

/** The expiry, red once due (spec §4) unless the learner has been re-enrolled since: then when that was, the reason Re-enrol is gone. */
function Expiry({ row }: { row: Row }) {
  if (!row.expires_at) return <>—</>;
  const isDue = row.expiry_due && !row.re_enrolled_at;
  return (
    <>
      <span className={isDue ? 'reporting-expiry reporting-expiry--due' : 'reporting-expiry'} data-due={isDue || undefined}>
        {formatDate(row.expires_at)}
      </span>
      {row.re_enrolled_at ? (
        <span className="reporting-muted reporting-renewed" data-testid="re-enrolled">
          Re-enrolled {formatDate(row.re_enrolled_at)}
        </span>
      ) : null}
    </>
  );
}

/** Whether a passed row's certificate has run out (the browser's clock, as the expiry's red does not need the server's). */
export function isExpiredPass(row: Pick<Row, 'status' | 'expires_at'>, now = Date.now()): boolean {
  return row.status === 'passed' && row.expires_at !== null && new Date(row.expires_at).getTime() <= now;
}

/**
 * The spec's pill, and for a pass that has run out an "Expired dd/mm/yyyy" label in red beside it
 * (issue 32 item 7), so an expired pass is never read as a valid one, in the table or on a phone's card.
 */
function Status({ row }: { row: Row }) {
  return (
    <span className="reporting-status">
      <StatusPill status={STATUS_PILL[row.status]} />
      {isExpiredPass(row) && row.expires_at ? (
        <span className="reporting-expired" data-testid="expired-label">
          Expired {formatDate(row.expires_at)}
        </span>
      ) : null}
    </span>
  );
}

/** The /reporting table (spec §2): every column sorts; status pills; the expiry red within 7 days or past. */
export function EnrolmentsTable({ rows, hasDepots, loading, sort, onSortChange, emptyText, ...handlers }: EnrolmentsTableProps) {
  const column = (key: ReportingSort, header: string, render: (row: Row) => ReactNode) => sortableColumn<Row>(key, header, render);
  const columns: TableColumn<Row>[] = [
    column('learner', 'Learner', (row) => <span className="reporting-learner">{row.learner_name}</span>),
    column('email', 'Email / login code', (row) =>
      row.email ? (
        <EmailText email={row.email} />
      ) : row.login_code ? (
        <span className="reporting-code" title="Login code">
          {row.login_code}
        </span>
      ) : (
        '—'
      ),
    ),
    ...(hasDepots ? [column('depot', 'Depot', (row) => row.depot ?? '—')] : []),
    column('course', 'Course', (row) => row.course_name),
    column('status', 'Status', (row) => <Status row={row} />),
    column('enrolled', 'Enrolled', (row) => date(row.enrolled_at)),
    column('last_activity', 'Last activity', (row) => (
      <>
        {date(row.last_activity_at)}
        {row.last_reminded_at ? (
          <span className="reporting-muted reporting-reminded">Reminded {formatDate(row.last_reminded_at)}</span>
        ) : null}
      </>
    )),
    column('passed', 'Passed', (row) => date(row.passed_at)),
    column('expiry', 'Expiry', (row) => <Expiry row={row} />),
    { key: 'actions', header: <span className="ds-visually-hidden">Actions</span>, render: (row) => <Actions row={row} {...handlers} /> },
  ];
  return (
    <SortedTable
      caption="Enrolments"
      columns={columns}
      rows={rows}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      emptyText={emptyText}
    />
  );
}
