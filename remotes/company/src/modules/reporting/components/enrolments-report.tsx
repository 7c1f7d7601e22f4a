import { useState } from 'react';
import {
  REPORTING_MESSAGES,
  type ApiClient,
  type ReportingEnrolmentRow,
  type ReportingFilters,
  type ReportingSort,
} from '@portal/contracts';
import { Button, EmptyState } from '@portal/design-system';
import type { ListAddressState } from '@portal/frontend-kit';
import type { ReportingData } from '../hooks/use-reporting-results';
import type { useReEnrol } from '../hooks/use-re-enrol';
import type { useReminders } from '../hooks/use-reminders';
import type { useReportingExports } from '../hooks/use-reporting-exports';
import { useLearnerSearch } from '../hooks/use-learner-search';
import { toggleTile } from '../tile-selection';
import { BulkActions } from './bulk-actions';
import { CourseTiles } from './course-tiles';
import { EnrolmentRowModals } from './enrolment-row-modals';
import { EnrolmentsTable } from './enrolments-table';
import { FilterPanel } from './filter-panel';
import { ReportingFooter } from './reporting-footer';
import { ReportingToolbar } from './reporting-toolbar';

/** The contract's default order: newest enrolment first. */
const DEFAULT_SORT = { key: 'enrolled', dir: 'desc' } as const;

export interface EnrolmentsReportProps {
  api: ApiClient;
  companyId: number | null;
  address: ListAddressState<ReportingSort>;
  filters: ReportingFilters;
  setFilters: (next: ReportingFilters) => void;
  onClearFilters: () => void;
  shown: ReportingData | null;
  isLoading: boolean;
  /** The Dashboard sent a filtered view: the filters start open. */
  isLandingFiltered: boolean;
  /** A filter or a search is on: the empty table offers to clear them. */
  isFiltered: boolean;
  reminders: ReturnType<typeof useReminders>;
  reEnrolment: ReturnType<typeof useReEnrol>;
  exports: ReturnType<typeof useReportingExports>;
}

/** The company's enrolments: course tiles, search and filters, bulk actions, the table, its row dialogs and pages. */
export function EnrolmentsReport(props: EnrolmentsReportProps) {
  const { api, address, filters, setFilters, shown, isLoading, reminders, reEnrolment, exports } = props;
  const [isFilterOpen, setFilterOpen] = useState(props.isLandingFiltered);
  const [historyRow, setHistoryRow] = useState<ReportingEnrolmentRow | null>(null);
  const [answersRow, setAnswersRow] = useState<ReportingEnrolmentRow | null>(null);
  const searchLearners = useLearnerSearch(api, props.companyId);
  const meta = shown?.results.meta;
  const rows = isLoading ? [] : (shown?.results.data ?? []);
  return (
    <>
      <CourseTiles
        courses={shown?.courses ?? []}
        chosen={filters.courses}
        onToggle={(courseId) => setFilters({ ...filters, courses: toggleTile(filters.courses, courseId) })}
        onChooseAll={() => setFilters({ ...filters, courses: [] })}
      />
      <ReportingToolbar address={address} isFilterOpen={isFilterOpen} onToggleFilters={() => setFilterOpen((open) => !open)} />
      {isFilterOpen ? (
        <div id="reporting-filters">
          <FilterPanel
            filters={filters}
            chosenUser={shown?.users.find((user) => user.id === filters.user) ?? null}
            searchLearners={searchLearners}
            courses={shown?.courses ?? []}
            depots={shown?.depots ?? []}
            onChange={setFilters}
            onClear={props.onClearFilters}
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
        emptyText={<NoEnrolmentsShown isFiltered={props.isFiltered} onClearFilters={props.onClearFilters} />}
      />
      {reEnrolment.dialog}
      <EnrolmentRowModals
        api={api}
        historyRow={historyRow}
        answersRow={answersRow}
        onCloseHistory={() => setHistoryRow(null)}
        onCloseAnswers={() => setAnswersRow(null)}
      />
      {meta ? <ReportingFooter meta={meta} address={address} /> : null}
    </>
  );
}

function NoEnrolmentsShown({ isFiltered, onClearFilters }: { isFiltered: boolean; onClearFilters: () => void }) {
  return (
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
  );
}
