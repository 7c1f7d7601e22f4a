import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEBOUNCE_MS, REPORTING_MESSAGES, REPORTING_SORTABLE, type ReportingFilters, type ReportingSort } from '@portal/contracts';
import { hasReportingFilters, readReportingFilters } from '@portal/contracts/schemas';
import { ButtonLink, EmptyState, Notice, PageHeader } from '@portal/design-system';
import { LoadError, REPORTING_LIST_NAMES, useListAddress, useSiteSettings, type RemotePageProps } from '@portal/frontend-kit';
import { EnrolmentsReport } from '../modules/reporting/components/enrolments-report';
import { UnmailableLearners } from '../modules/reporting/components/unmailable-learners';
import { useReEnrol } from '../modules/reporting/hooks/use-re-enrol';
import { useReminders } from '../modules/reporting/hooks/use-reminders';
import { useReportingExports } from '../modules/reporting/hooks/use-reporting-exports';
import { useReportingLanding } from '../modules/reporting/hooks/use-reporting-landing';
import { useReportingMessage } from '../modules/reporting/hooks/use-reporting-message';
import { useReportingResults } from '../modules/reporting/hooks/use-reporting-results';
import { clearFilters, writeFilters } from '../modules/reporting/reporting-address';
import '../modules/reporting/reporting.css';

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

  const setFilters = useCallback((next: ReportingFilters) => setParams((current) => writeFilters(current, next)), [setParams]);
  const onClearFilters = () => {
    address.setSearchText('');
    setParams((current) => clearFilters(current));
  };
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
        <EnrolmentsReport
          api={api}
          companyId={companyId}
          address={address}
          filters={filters}
          setFilters={setFilters}
          onClearFilters={onClearFilters}
          shown={shown}
          isLoading={isLoading}
          isLandingFiltered={isLandingFiltered}
          isFiltered={hasReportingFilters(filters) || address.isSearching}
          reminders={reminders}
          reEnrolment={reEnrolment}
          exports={exports}
        />
      )}
      <UnmailableLearners learners={reminders.unmailable} onClose={reminders.clearUnmailable} />
    </div>
  );
}
