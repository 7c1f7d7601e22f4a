import { useEffect, useRef, useState } from 'react';
import {
  ApiError,
  REPORT_MESSAGES,
  REPORT_ROLE_LABELS,
  REPORT_TITLES,
  REPORT_TYPES,
  reportFallbackFileName,
  reportGenerateRoutes,
  ROLES,
  STATUS_MESSAGE_MS,
  type ApiClient,
  type Report,
  type ReportType,
  type Role,
} from '@portal/contracts';
import { Button, FormField, Notice, Table, TextInput, type TableColumn } from '@portal/design-system';
import { CompanyPicker } from '@portal/frontend-kit/pickers';
import { saveDownload } from '@portal/frontend-kit/downloads';
import { CoursePicker } from '../learners/course-picker';
import { BarChart } from './bar-chart';
import { fetchReportFile, type ReportRequest } from './fetch-report';
import { dateProblem, defaultReportDates, reportCellText, reportRangeText, reportsBlockedText } from './report-form';

const DATE_RANGE_REPORTS: ReportType[] = ['credit-usage', 'course-usage', 'company-analytics', 'user-activity'];
const TABLE_ROWS_SHOWN = 50;

/** The line a report's download leaves, hiding itself after a while. */
function useTimedStatus() {
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  function say(tone: 'success' | 'error', text: string) {
    setStatus({ tone, text });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus(null), STATUS_MESSAGE_MS);
  }
  return { status, setStatus, say };
}

/** Whose activity the user activity report covers. */
function RoleFilter({ role, onChange }: { role: Role | ''; onChange: (role: Role | '') => void }) {
  return (
    <FormField label="User activity: role" htmlFor="report-role">
      <select id="report-role" className="ds-input" value={role} onChange={(e) => onChange(e.target.value as Role | '')}>
        <option value="">Everyone</option>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {REPORT_ROLE_LABELS[r]}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** A failed report: the server's refusal in its words, a server failure in ours. */
function reportErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.body.message) return REPORT_MESSAGES.error(error.message);
  return error instanceof ApiError ? REPORT_MESSAGES.failed : REPORT_MESSAGES.error(String(error));
}

/** The eight reports, each to view here or download as a spreadsheet. */
function ReportList({
  isBusy,
  isBlocked,
  onRun,
}: {
  isBusy: boolean;
  isBlocked: boolean;
  onRun: (type: ReportType, action: 'view' | 'download') => void;
}) {
  return (
    <ul className="admin-report-list">
      {REPORT_TYPES.map((type) => (
        <li key={type} className="admin-report-item" data-testid={`report-${type}`}>
          <div>
            <strong>{REPORT_TITLES[type]}</strong>
            {DATE_RANGE_REPORTS.includes(type) ? <span className="admin-muted"> — for the date range</span> : null}
          </div>
          <span className="admin-row-actions">
            <Button
              size="sm"
              variant="secondary"
              disabled={isBusy || isBlocked}
              onClick={() => onRun(type, 'view')}
              aria-label={`View ${REPORT_TITLES[type]}`}
            >
              {isBusy ? REPORT_MESSAGES.generating : 'View'}
            </Button>
            <Button
              size="sm"
              disabled={isBusy || isBlocked}
              onClick={() => onRun(type, 'download')}
              aria-label={`Generate ${REPORT_TITLES[type]}`}
            >
              {isBusy ? REPORT_MESSAGES.generating : 'Generate'}
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A report shown in the page: its chart and its first rows. */
function ReportView({ report }: { report: Report }) {
  const columns: TableColumn<Record<string, string | number | null> & { __row: number }>[] = report.columns.map((c) => ({
    key: c.key,
    header: c.label,
    render: (row) => reportCellText(c, row[c.key]),
  }));
  return (
    <section className="admin-report-view" data-testid="report-view" aria-label={report.title}>
      <h3>
        {report.title}{' '}
        <span className="admin-muted">
          {reportRangeText(report.start_date, report.end_date)} — {report.rows.length} rows
        </span>
      </h3>
      <BarChart data={report.chart} label={`${report.title} chart`} />
      <Table
        caption={report.title}
        columns={columns}
        rows={report.rows.slice(0, TABLE_ROWS_SHOWN).map((row, i) => ({ ...row, __row: i }))}
        rowKey={(row) => row.__row}
        emptyText="Nothing to report for these dates and filters."
      />
      {report.rows.length > TABLE_ROWS_SHOWN ? (
        <p className="admin-muted">
          The first {TABLE_ROWS_SHOWN} rows are shown; the download has all {report.rows.length}.
        </p>
      ) : null}
    </section>
  );
}

/** The Reports tab, titled System Reports (spec §2, §4): dates, filters, eight reports to view or download. */
export function ReportsPanel({ api }: { api: ApiClient }) {
  const [dates, setDates] = useState(() => defaultReportDates(new Date()));
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [courseId, setCourseId] = useState<number | null>(null);
  const [role, setRole] = useState<Role | ''>('');
  const [generating, setGenerating] = useState<ReportType | null>(null);
  const [shown, setShown] = useState<Report | null>(null);
  const problem = dateProblem(dates.startDate, dates.endDate);

  const { status, setStatus, say } = useTimedStatus();

  function request(type: ReportType): ReportRequest {
    return {
      start_date: dates.startDate,
      end_date: dates.endDate,
      ...(companyId ? { company_id: companyId } : {}),
      ...(courseId ? { course_id: courseId } : {}),
      ...(type === 'user-activity' && role ? { role } : {}),
    };
  }

  async function run(type: ReportType, action: 'view' | 'download') {
    setGenerating(type);
    try {
      if (action === 'view') {
        setShown(await api.call(reportGenerateRoutes[type], { body: request(type) }));
      } else {
        const response = await fetchReportFile(type, request(type));
        await saveDownload(response, reportFallbackFileName(type));
        say('success', REPORT_MESSAGES.downloaded);
      }
    } catch (error) {
      say('error', reportErrorText(error));
    } finally {
      setGenerating(null);
    }
  }

  const isBusy = generating !== null;

  return (
    <div className="admin-panel" data-testid="reports-panel">
      <h2 className="admin-panel__title">System Reports</h2>
      {status ? (
        <Notice tone={status.tone} onDismiss={() => setStatus(null)}>
          {status.text}
        </Notice>
      ) : null}
      <div className="admin-report-filters">
        <FormField label="Start date" htmlFor="report-start" {...(problem ? { error: problem } : {})}>
          <TextInput
            id="report-start"
            type="date"
            value={dates.startDate}
            invalid={Boolean(problem)}
            onChange={(e) => setDates({ ...dates, startDate: e.target.value })}
          />
        </FormField>
        <FormField label="End date" htmlFor="report-end">
          <TextInput id="report-end" type="date" value={dates.endDate} onChange={(e) => setDates({ ...dates, endDate: e.target.value })} />
        </FormField>
        <FormField label="Company (optional)" htmlFor="report-company" hint="Includes its depots.">
          <CompanyPicker api={api} id="report-company" value={companyId} onChange={setCompanyId} />
        </FormField>
        <FormField label="Course (optional)" htmlFor="report-course">
          <CoursePicker api={api} id="report-course" value={courseId} onChange={setCourseId} />
        </FormField>
        <RoleFilter role={role} onChange={setRole} />
      </div>
      <ReportList isBusy={isBusy} isBlocked={problem !== null} onRun={(type, action) => void run(type, action)} />
      {problem ? (
        <p className="admin-muted" role="status" data-testid="report-disabled-reason">
          {reportsBlockedText(problem)}
        </p>
      ) : null}
      {shown ? <ReportView report={shown} /> : null}
    </div>
  );
}
