import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  bulkCertificates,
  CERTIFICATE_MESSAGES,
  companyEnrol,
  companyUsers,
  DEBOUNCE_MS,
  exportBulk,
  exportFileName,
  exportLoginCodes,
  REPORTING_MESSAGES,
  REPORTING_SORTABLE,
  remindAll,
  remindEnrolment,
  reportingEnrolmentIds,
  reportingEnrolments,
  type ReportingEnrolmentRow,
  type ReportingSort,
  type RouteOutput,
} from '@portal/contracts';
import { Button, ButtonLink, EmptyState, Notice, PageHeader, Pagination, SearchInput, type NoticeTone } from '@portal/design-system';
import { announceCreditBalanceChanged, AnswersModal, LoadError, REPORTING_LIST_NAMES, useApiQuery, useListAddress, type RemotePageProps } from '@portal/frontend-kit';
import { CourseTiles } from '../modules/reporting/components/course-tiles';
import { CertificateHistoryModal } from '../modules/reporting/components/certificate-history-modal';
import { EnrolmentsTable } from '../modules/reporting/components/enrolments-table';
import { FilterPanel } from '../modules/reporting/components/filter-panel';
import type { LearnerOption } from '../modules/reporting/components/learner-filter';
import { UnmailableLearners, type UnmailableLearner } from '../modules/reporting/components/unmailable-learners';
import { reEnrolFailure } from '../modules/reporting/re-enrol-outcome';
import { clearFilters, consumeEntryParams, FILTER_NAMES, hasFilters, readFilters, writeFilters, type ReportingFilters } from '../modules/reporting/reporting-address';
import { matchingIdsQuery, reportingQuery } from '../modules/reporting/reporting-query';
import { reportingNoticeOf } from '../modules/reporting/reporting-notice';
import { saveDownload } from '@portal/frontend-kit/downloads';
import { readTileSelection, toggleTile, writeTileSelection } from '../modules/reporting/tile-selection';
import { useSiteSettings } from '@portal/frontend-kit';
import '../modules/reporting/reporting.css';

type ReportingData = RouteOutput<typeof reportingEnrolments>;
/** What the toolbar downloads: the report, the login codes, or every certificate as one zip ('All certificates'). */
type ExportKind = 'report' | 'login_codes' | 'certificates';

/** Where the page lands from this address (null: where it is). */
function landingAddress(params: URLSearchParams, companyId: number | null, state: unknown): string | null {
  let next = consumeEntryParams(params);
  if (!next && companyId !== null && !params.has(FILTER_NAMES.courses)) {
    const stored = readTileSelection(window.localStorage, companyId);
    if (stored) next = writeFilters(params, { ...readFilters(params), courses: stored });
  }
  if (!next && !state) return null;
  return (next ?? params).toString();
}

/** The contract's default order: newest enrolment first. */
const DEFAULT_SORT = { key: 'enrolled', dir: 'desc' } as const;
const PAGE_SIZES = [10, 25, 50, 100] as const;

interface Message {
  tone: NoticeTone;
  content: ReactNode;
  /** A new key restarts the notice (and its timer). */
  key: number;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** The server's message on a failed file download (its body is JSON then). */
async function failedDownloadText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string; errors?: Record<string, string[]> };
    return Object.values(body.errors ?? {}).flat()[0] ?? body.message ?? REPORTING_MESSAGES.reportFailed;
  } catch {
    return REPORTING_MESSAGES.reportFailed;
  }
}

/**
 * /reporting, the Enrolments page (spec §2, §4, §5): course tiles, filters, search, a sortable
 * table, pages; remind, re-enrol and export. Every filter, the sort and the page live in the
 * address; the Dashboard's `c` (courses) and `s` (status code) are read once and removed.
 */
export default function Enrolments({ session, api }: RemotePageProps) {
  const companyId = session?.company_id ?? null;
  const settings = useSiteSettings();
  const [params, setParams] = useSearchParams();
  const address = useListAddress<ReportingSort>({ names: REPORTING_LIST_NAMES, sortable: REPORTING_SORTABLE, debounceMs: DEBOUNCE_MS.reporting });
  const { list } = address;
  const filters = readFilters(params);
  const location = useLocation();
  const [message, setMessage] = useState<Message | null>(() => {
    const notice = reportingNoticeOf(location.state);
    return notice ? { tone: notice.tone, content: notice.text, key: 0 } : null;
  });

  // Landing: `c`/`s` become filters and leave the address; otherwise the stored tile choice
  // applies; a notice left in the history state is dropped so Back does not show it again. No
  // request goes out before the address is the landing one.
  const [landing] = useState(() => landingAddress(params, companyId, location.state));
  const [hasLanded, setLanded] = useState(landing === null);
  if (!hasLanded && params.toString() === landing && !location.state) setLanded(true);
  useEffect(() => {
    if (!hasLanded && landing !== null) setParams(new URLSearchParams(landing), { replace: true });
  }, [hasLanded, landing, setParams]);

  // The chosen tiles (the courses filter) are remembered for the next visit.
  const coursesText = filters.courses.join(',');
  useEffect(() => {
    if (!hasLanded || companyId === null) return;
    writeTileSelection(window.localStorage, companyId, coursesText ? coursesText.split(',').map(Number) : []);
  }, [hasLanded, companyId, coursesText]);

  const query = reportingQuery(list, filters);
  const queryKey = JSON.stringify(query);
  const data = useApiQuery(hasLanded ? `reporting:${queryKey}` : null, () => api.call(reportingEnrolments, { query }));
  // The tiles and filters stay on screen while a new page loads.
  const [shown, setShown] = useState<ReportingData | null>(null);
  if (data.status === 'success' && data.data !== shown) setShown(data.data);
  const isLoading = data.status === 'loading';

  const setFilters = useCallback((next: ReportingFilters) => setParams((current) => writeFilters(current, next)), [setParams]);
  const onClearFilters = () => {
    address.setSearchText('');
    setParams((current) => clearFilters(current));
  };

  const noticeCount = useRef(0);
  const say = (tone: NoticeTone, content: ReactNode) => setMessage({ tone, content, key: ++noticeCount.current });
  const [busyRowId, setBusyRowId] = useState<number | null>(null);
  const [isReminding, setReminding] = useState(false);
  const [unmailable, setUnmailable] = useState<UnmailableLearner[]>([]);
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const [historyRow, setHistoryRow] = useState<ReportingEnrolmentRow | null>(null);
  const [answersRow, setAnswersRow] = useState<ReportingEnrolmentRow | null>(null);
  const [exportScope, setExportScope] = useState<'all' | 'page'>('all');
  // Open when the page lands filtered (the tiles already show a course choice).
  const [isFilterOpen, setFilterOpen] = useState(() => hasFilters({ ...readFilters(landing === null ? params : new URLSearchParams(landing)), courses: [] }));

  const searchLearners = useCallback(
    async (text: string): Promise<LearnerOption[]> => {
      if (companyId === null) return [];
      const answer = await api.call(companyUsers, { params: { companyId }, query: { s: text } });
      return answer.data.map((user) => ({ id: user.id, name: user.name, email: user.email }));
    },
    [api, companyId],
  );

  async function remindOne(row: ReportingEnrolmentRow) {
    setBusyRowId(row.id);
    try {
      const answer = await api.call(remindEnrolment, { params: { companyId: row.company_id, enrollmentId: row.id }, body: {} });
      say(answer.no_email.length ? 'warning' : 'success', answer.no_email.length ? REPORTING_MESSAGES.noEmail : answer.message);
      setUnmailable(answer.no_email);
      data.reload();
    } catch (error) {
      say('error', errorText(error));
    } finally {
      setBusyRowId(null);
    }
  }

  async function remindEveryone() {
    if (companyId === null) return;
    setReminding(true);
    try {
      const answer = await api.call(remindAll, { params: { companyId }, body: { courses: filters.courses } });
      say('success', answer.message);
      setUnmailable(answer.no_email);
      data.reload();
    } catch (error) {
      say('error', errorText(error));
    } finally {
      setReminding(false);
    }
  }

  async function reEnrol(row: ReportingEnrolmentRow) {
    setBusyRowId(row.id);
    try {
      await api.call(companyEnrol, { params: { companyId: row.company_id }, body: { courses: [row.course_id], users: [row.user_id], enrollment_id: row.id } });
      say('success', REPORTING_MESSAGES.reEnrolled(row.learner_name, row.course_name));
      announceCreditBalanceChanged();
      data.reload();
    } catch (error) {
      const failure = reEnrolFailure(error);
      say(
        'error',
        failure.isNoCredit ? (
          <>
            You don&apos;t have enough credit to re-enrol this learner.{' '}
            <a href={settings.credit_purchase_url} target="_blank" rel="noopener noreferrer">
              Order credit here.
            </a>
          </>
        ) : (
          failure.text
        ),
      );
    } finally {
      setBusyRowId(null);
    }
  }

  async function download(kind: ExportKind) {
    if (!shown) return;
    setExporting(kind);
    say('info', REPORTING_MESSAGES.exporting);
    try {
      const ids =
        exportScope === 'page'
          ? shown.results.data.map((row) => row.id)
          : (await api.call(reportingEnrolmentIds, { query: matchingIdsQuery(list, filters) })).totalEnrollmentIDs;
      if (ids.length === 0) {
        say('error', kind === 'report' ? REPORTING_MESSAGES.noReport : kind === 'login_codes' ? REPORTING_MESSAGES.noLoginCodes : CERTIFICATE_MESSAGES.noneToDownload);
        return;
      }
      const response =
        kind === 'certificates' ? await api.raw(bulkCertificates, { body: { ids } }) : await api.raw(kind === 'report' ? exportBulk : exportLoginCodes, { body: { ids } });
      if (!response.ok) {
        say('error', await failedDownloadText(response));
        return;
      }
      // The server names the file (Content-Disposition); the zip's fallback is the date, dd-mm-yyyy.zip.
      await saveDownload(response, kind === 'certificates' ? `${exportFileName('report', new Date()).slice(0, 10)}.zip` : exportFileName(kind, new Date()));
      say('success', kind === 'certificates' ? 'Certificates downloaded successfully!' : 'Report downloaded successfully!');
    } catch (error) {
      say('error', errorText(error));
    } finally {
      setExporting(null);
    }
  }

  const results = shown?.results;
  const meta = results?.meta;
  const rows = isLoading ? [] : (results?.data ?? []);
  const hasDepots = (shown?.depots.length ?? 0) > 0;
  const hasNothing = shown !== null && shown.company_total === 0;
  const isFiltered = hasFilters(filters) || address.isSearching;
  const chosenUser = shown?.users.find((user) => user.id === filters.user) ?? null;

  return (
    <div className="reporting" data-testid="reporting-page">
      <PageHeader
        title="Enrolments"
        subtitle="Follow your employees' progress, remind them and export reports."
        actions={
          <ButtonLink href="/enrolments/create/v2" variant="primary">
            Enrol Employees
          </ButtonLink>
        }
      />
      {message ? (
        <Notice key={message.key} tone={message.tone} onDismiss={() => setMessage(null)} {...(message.tone === 'success' ? { autoHideMs: 5000 } : {})}>
          {message.content}
        </Notice>
      ) : null}
      {data.status === 'error' ? <LoadError error={data.error} onRetry={data.reload} what="your enrolments" /> : null}
      {hasNothing ? (
        <EmptyState
          title={REPORTING_MESSAGES.emptyNoEnrolments}
          action={
            <ButtonLink href="/enrolments/create/v2" variant="primary" size="sm">
              Enrol Employees
            </ButtonLink>
          }
        />
      ) : (
        <>
          <CourseTiles
            courses={shown?.courses ?? []}
            chosen={filters.courses}
            onToggle={(courseId) => setFilters({ ...filters, courses: toggleTile(filters.courses, courseId) })}
            onChooseAll={() => setFilters({ ...filters, courses: [] })}
          />
          <div className="reporting-toolbar">
            <SearchInput label="Search enrolments" placeholder="Name, email, login code or course" value={address.searchText} onChange={address.setSearchText} />
            <Button variant="secondary" aria-expanded={isFilterOpen} aria-controls="reporting-filters" onClick={() => setFilterOpen((open) => !open)}>
              {isFilterOpen ? 'Hide filters' : 'Filters'}
            </Button>
          </div>
          {isFilterOpen ? (
            <div id="reporting-filters">
              <FilterPanel
                filters={filters}
                chosenUser={chosenUser}
                searchLearners={searchLearners}
                courses={shown?.courses ?? []}
                depots={shown?.depots ?? []}
                onChange={setFilters}
                onClear={onClearFilters}
              />
            </div>
          ) : null}
          <div className="reporting-bulk" role="group" aria-label="Bulk actions">
            <Button variant="secondary" size="sm" loading={isReminding} disabled={rows.length === 0} onClick={() => void remindEveryone()}>
              Remind all
            </Button>
            <span className="reporting-bulk__spacer" />
            <label className="reporting-bulk__scope">
              <span>Export</span>
              <select className="ds-input" value={exportScope} onChange={(event) => setExportScope(event.target.value as 'all' | 'page')}>
                <option value="all">All {meta ? `${meta.total} matching` : ''}</option>
                <option value="page">This page</option>
              </select>
            </label>
            <Button variant="secondary" size="sm" loading={exporting === 'report'} disabled={!meta || meta.total === 0 || exporting !== null} onClick={() => void download('report')}>
              Export report
            </Button>
            <Button variant="secondary" size="sm" loading={exporting === 'login_codes'} disabled={!meta || meta.total === 0 || exporting !== null} onClick={() => void download('login_codes')}>
              Export login codes
            </Button>
            <Button variant="secondary" size="sm" loading={exporting === 'certificates'} disabled={!meta || meta.total === 0 || exporting !== null} onClick={() => void download('certificates')}>
              All certificates
            </Button>
          </div>
          <EnrolmentsTable
            rows={rows}
            hasDepots={hasDepots}
            loading={isLoading}
            sort={address.sort ?? DEFAULT_SORT}
            onSortChange={address.toggleSort}
            busyRowId={busyRowId}
            onRemind={(row) => void remindOne(row)}
            onReEnrol={(row) => void reEnrol(row)}
            onHistory={setHistoryRow}
            onAnswers={setAnswersRow}
            emptyText={
              <EmptyState
                title={isFiltered ? REPORTING_MESSAGES.emptyNoMatch : REPORTING_MESSAGES.emptyNoEnrolments}
                action={
                  isFiltered ? (
                    <Button variant="secondary" size="sm" onClick={onClearFilters}>
                      Clear filters
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          {historyRow ? <CertificateHistoryModal api={api} row={historyRow} onClose={() => setHistoryRow(null)} /> : null}
          {answersRow ? (
            <AnswersModal api={api} enrollmentId={answersRow.id} learnerName={answersRow.learner_name} courseName={answersRow.course_name} onClose={() => setAnswersRow(null)} />
          ) : null}
          {meta ? (
            <div className="reporting-footer">
              <span className="reporting-muted" aria-live="polite">
                {meta.total > 0 ? `Showing ${meta.from}–${meta.to} of ${meta.total} enrolment${meta.total === 1 ? '' : 's'}` : ''}
              </span>
              <label className="reporting-footer__per-page">
                <span>Rows per page</span>
                <select className="ds-input" value={list.perPage ?? meta.per_page} onChange={(event) => address.setPerPage(Number(event.target.value))}>
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </label>
              <Pagination page={meta.current_page} lastPage={meta.last_page} onPageChange={(page) => address.setPage(page, meta.last_page)} />
            </div>
          ) : null}
        </>
      )}
      <UnmailableLearners learners={unmailable} onClose={() => setUnmailable([])} />
    </div>
  );
}
