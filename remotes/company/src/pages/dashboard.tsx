import { companyDashboard } from '@portal/contracts';
import { ButtonLink, EmptyState, PageHeader, PieChart, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps, useSiteSettings } from '@portal/frontend-kit';
import { CourseProgressTable } from '../modules/dashboard/course-progress-table';
import { DashboardStats } from '../modules/dashboard/dashboard-stats';
import '../modules/dashboard/dashboard.css';

/** The company Dashboard (spec §2): organisation, progress chart, stat panels and courses table. */
export default function Dashboard({ session, api }: RemotePageProps) {
  const companyId = session?.company_id ?? null;
  const query = useApiQuery(companyId === null ? null : String(companyId), async () => {
    if (companyId === null) throw new Error('The dashboard loads only for a session with a company.');
    return api.call(companyDashboard, { params: { companyId } });
  });

  const settings = useSiteSettings();
  const organisationName = query.status === 'success' ? query.data.organisation.name : session?.company_name;

  return (
    <div className="company-dashboard" data-testid="company-dashboard">
      <PageHeader
        title="Dashboard"
        subtitle={organisationName}
        actions={
          <ButtonLink href="/account" variant="secondary">
            Organisation Settings
          </ButtonLink>
        }
      />
      {companyId === null ? <EmptyState title="No organisation is linked to this account." /> : null}
      {query.status === 'loading' && companyId !== null ? <DashboardSkeleton /> : null}
      {query.status === 'error' ? <LoadError error={query.error} onRetry={query.reload} what="your dashboard" /> : null}
      {query.status === 'success' ? (
        <>
          <DashboardStats stats={query.data.stats} creditPurchaseUrl={settings.credit_purchase_url} />
          <div className="company-overview">
            <section className="company-courses" aria-label="Courses">
              <CourseProgressTable courses={query.data.courses} />
            </section>
            <ProgressChart chart={query.data.chart} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function ProgressChart({ chart }: { chart: { passed: number; incomplete: number; not_started: number } }) {
  const slices = [
    { label: 'Passed', value: chart.passed, color: '#15703d' },
    { label: 'Incomplete', value: chart.incomplete, color: '#f5a300' },
    { label: 'Not Started', value: chart.not_started, color: '#8796a5' },
  ];
  if (!slices.some((slice) => slice.value > 0)) return null;
  return (
    <section className="company-chart" aria-label="Course progress">
      <PieChart title="Course progress" slices={slices} />
    </section>
  );
}

function DashboardSkeleton() {
  return (
    <div className="company-skeleton" role="status" data-testid="dashboard-loading">
      <span className="ds-visually-hidden">Loading your dashboard…</span>
      <div className="company-skeleton__row">
        <SkeletonBlock height="128px" />
        <SkeletonBlock height="128px" />
        <SkeletonBlock height="128px" />
      </div>
      <SkeletonBlock height="280px" />
    </div>
  );
}
