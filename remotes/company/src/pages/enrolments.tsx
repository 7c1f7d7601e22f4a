import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  companyUsers,
  DEBOUNCE_MS,
  REPORTING_MESSAGES,
  REPORTING_SORTABLE,
  type ReportingEnrolmentRow,
  type ReportingFilters,
  type ReportingSort,
} from '@portal/contracts';
import { hasReportingFilters, readReportingFilters } from '@portal/contracts/schemas';
import { Button, ButtonLink, EmptyState, Notice, PageHeader, SearchInput } from '@portal/design-system';
import { AnswersModal, LoadError, REPORTING_LIST_NAMES, useListAddress, useSiteSettings, type RemotePageProps } from '@portal/frontend-kit';
import { BulkActions } from '../modules/reporting/components/bulk-actions';
import { CertificateHistoryModal } from '../modules/reporting/components/certificate-history-modal';
import { CourseTiles } from '../modules/reporting/components/course-tiles';
import { EnrolmentsTable } from '../modules/reporting/components/enrolments-table';
import { FilterPanel } from '../modules/reporting/components/filter-panel';
import type { LearnerOption } from '../modules/reporting/components/learner-filter';
import { ReportingFooter } from '../modules/reporting/components/reporting-footer';
import { UnmailableLearners } from '../modules/reporting/components/unmailable-learners';
import { useReEnrol } from '../modules/reporting/hooks/use-re-enrol';
import { useReminders } from '../modules/reporting/hooks/use-reminders';
import { useReportingExports } from '../modules/reporting/hooks/use-reporting-exports';
import { useReportingLanding } from '../modules/reporting/hooks/use-reporting-landing';
import { useReportingMessage } from '../modules/reporting/hooks/use-reporting-message';
import { useReportingResults } from '../modules/reporting/hooks/use-reporting-results';
import { clearFilters, writeFilters } from '../modules/reporting/reporting-address';
import { toggleTile } from '../modules/reporting/tile-selection';
import '../modules/reporting/reporting.css';

/** The contract's default order: newest enrolment first. */
const DEFAULT_SORT = { key: 'enrolled', dir: 'desc' } as const;

function EnrolEmployeesLink({ size }: { size?: 'sm' }) {
  return (
    <ButtonLink href="/enrolments/create/v2" variant="primary" size={size}>
      Enrol Employees
    </ButtonLink>
  );
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
  const address = useListAddress<ReportingSort>({
    names: REPORTING_LIST_NAMES,
    sortable: REPORTING_SORTABLE,
    debounceMs: DEBOUNCE_MS.reporting,
  });
  const filters = readReportingFilters(params);
  const { hasLanded, isLandingFiltered } = useReportingLanding(companyId);
  const { data, shown, isLoading } = useReportingResults(api, address.list, filters, hasLanded);
  const { message, say, dismiss } = useReportingMessage();
  const reminders = useReminders({ api, companyId, say, reload: data.reload });
  const reEnrolment = useReEnrol({ api, say, reload: data.reload, creditPurchaseUrl: settings.credit_purchase_url });
  const exports = useReportingExports({
    api,
    list: address.list,
    filters,
    pageIds: shown ? shown.results.data.map((row) => row.id) : null,
    say,
  });
  const [isFilterOpen, setFilterOpen] = useState(isLandingFiltered);
  const [historyRow, setHistoryRow] = useState<ReportingEnrolmentRow | null>(null);
  const [answersRow, setAnswersRow] = useState<ReportingEnrolmentRow | null>(null);

  const setFilters = useCallback((next: ReportingFilters) => setParams((current) => writeFilters(current, next)), [setParams]);
  const onClearFilters = () => {
    address.setSearchText('');
    setParams((current) => clearFilters(current));
  };
  const searchLearners = useCallback(
    async (text: string): Promise<LearnerOption[]> => {
      if (companyId === null) return [];
      const answer = await api.call(companyUsers, { params: { companyId }, query: { s: text } });
      return answer.data.map((user) => ({ id: user.id, name: user.name, email: user.email }));
    },
    [api, companyId],
  );

  const meta = shown?.results.meta;
  const rows = isLoading ? [] : (shown?.results.data ?? []);
  const isFiltered = hasReportingFilters(filters) || address.isSearching;
  const clearButton = (
    <Button variant="secondary" size="sm" onClick={onClearFilters}>
      Clear filters
    </Button>
  );

  return (
    <div className="reporting" data-testid="reporting-page">
      <PageHeader
        title="Enrolments"
        subtitle="Follow your employees' progress, remind them and export reports."
        actions={<EnrolEmployeesLink />}
      />
      {message ? (
        <Notice key={message.key} tone={message.tone} onDismiss={dismiss} {...(message.tone === 'success' ? { autoHideMs: 5000 } : {})}>
          {message.content}
        </Notice>
      ) : null}
      {data.status === 'error' ? <LoadError error={data.error} onRetry={data.reload} what="your enrolments" /> : null}
      {shown !== null && shown.company_total === 0 ? (
        <EmptyState title={REPORTING_MESSAGES.emptyNoEnrolments} action={<EnrolEmployeesLink size="sm" />} />
      ) : (
        <>
          <CourseTiles
            courses={shown?.courses ?? []}
            chosen={filters.courses}
            onToggle={(courseId) => setFilters({ ...filters, courses: toggleTile(filters.courses, courseId) })}
            onChooseAll={() => setFilters({ ...filters, courses: [] })}
          />
          <div className="reporting-toolbar">
            <SearchInput
              label="Search enrolments"
              placeholder="Name, email, login code or course"
              value={address.searchText}
              onChange={address.setSearchText}
            />
            <Button
              variant="secondary"
              aria-expanded={isFilterOpen}
              aria-controls="reporting-filters"
              onClick={() => setFilterOpen((open) => !open)}
            >
              {isFilterOpen ? 'Hide filters' : 'Filters'}
            </Button>
          </div>
          {isFilterOpen ? (
            <div id="reporting-filters">
              <FilterPanel
                filters={filters}
                chosenUser={shown?.users.find((user) => user.id === filters.user) ?? null}
                searchLearners={searchLearners}
                courses={shown?.courses ?? []}
                depots={shown?.depots ?? []}
                onChange={setFilters}
                onClear={onClearFilters}
              />
            </div>
          ) : null}
          <BulkActions
            total={meta?.total}
            canRemind={rows.length > 0}
            isReminding={reminders.isReminding}
            onRemindAll={() => void reminders.remindEveryone(filters.courses)}
            scope={exports.scope}
            onScopeChange={exports.setScope}
            exporting={exports.exporting}
            onExport={(kind) => void exports.download(kind)}
          />
          <EnrolmentsTable
            rows={rows}
            hasDepots={(shown?.depots.length ?? 0) > 0}
            loading={isLoading}
            sort={address.sort ?? DEFAULT_SORT}
            onSortChange={address.toggleSort}
            busyRowId={reminders.busyRowId ?? reEnrolment.busyRowId}
            onRemind={(row) => void reminders.remindOne(row)}
            onReEnrol={reEnrolment.ask}
            onHistory={setHistoryRow}
            onAnswers={setAnswersRow}
            emptyText={
              <EmptyState
                title={isFiltered ? REPORTING_MESSAGES.emptyNoMatch : REPORTING_MESSAGES.emptyNoEnrolments}
                action={isFiltered ? clearButton : undefined}
              />
            }
          />
          {reEnrolment.dialog}
          {historyRow ? <CertificateHistoryModal api={api} row={historyRow} onClose={() => setHistoryRow(null)} /> : null}
          {answersRow ? (
            <AnswersModal
              api={api}
              enrollmentId={answersRow.id}
              learnerName={answersRow.learner_name}
              courseName={answersRow.course_name}
              onClose={() => setAnswersRow(null)}
            />
          ) : null}
          {meta ? <ReportingFooter meta={meta} address={address} /> : null}
        </>
      )}
      <UnmailableLearners learners={reminders.unmailable} onClose={reminders.clearUnmailable} />
    </div>
  );
}
