import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { adminDashboard, type RouteOutput } from '@portal/contracts';
import { Card, PageHeader, Spinner, TabPanel, Tabs, type TabItem } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { ADMIN_TABS, type AdminTab } from '../modules/admin-tabs/admin-tab';
import { useAdminTab } from '../modules/admin-tabs/use-admin-tab';
import { AdminCountsRefreshProvider } from '../modules/admin-tabs/admin-counts';
import { LearnersPanel } from '../modules/learners/learners-panel';
import '../modules/panels/admin.css';

// The first tab (learners) comes with the page; other tabs and the add/edit screens, with their
// forms, load when opened.
const AddUserScreen = lazy(() => import('../modules/learners/user-screen').then((module) => ({ default: module.AddUserScreen })));
const EditUserScreen = lazy(() => import('../modules/learners/user-screen').then((module) => ({ default: module.EditUserScreen })));
const CompaniesPanel = lazy(() => import('../modules/companies/companies-panel').then((module) => ({ default: module.CompaniesPanel })));
const AddCompanyScreen = lazy(() => import('../modules/companies/company-screen').then((module) => ({ default: module.AddCompanyScreen })));
const EditCompanyScreen = lazy(() =>
  import('../modules/companies/company-screen').then((module) => ({ default: module.EditCompanyScreen })),
);
const AuditPanel = lazy(() => import('../modules/audit/audit-panel').then((module) => ({ default: module.AuditPanel })));
const SitePanel = lazy(() => import('../modules/site/site-panel').then((module) => ({ default: module.SitePanel })));
const JobsPanel = lazy(() => import('../modules/jobs/jobs-panel').then((module) => ({ default: module.JobsPanel })));
const ReportsPanel = lazy(() => import('../modules/reports/reports-panel').then((module) => ({ default: module.ReportsPanel })));
const CoursesPanel = lazy(() => import('../modules/courses/courses-panel').then((module) => ({ default: module.CoursesPanel })));
const CertificatePanel = lazy(() =>
  import('../modules/certificate/certificate-panel').then((module) => ({ default: module.CertificatePanel })),
);
const loading = <Spinner label="Loading…" />;

const PANELS: Record<AdminTab, { label: string; description: string }> = {
  learners: { label: 'Learners', description: 'Search, edit and enrol learners across every company.' },
  companies: { label: 'Companies', description: 'Create companies, manage their depots and mimic a company.' },
  courses: { label: 'Courses', description: 'Add and edit courses, their packages and bridging activities.' },
  site: { label: 'Site', description: 'Site-wide settings for the portal.' },
  jobs: { label: 'Cron Jobs', description: 'Queued and failed background jobs, with retry.' },
  certificate: { label: 'Certificate', description: 'Upload the certificate background.' },
  reports: { label: 'Reports', description: 'System reports for a date range, downloaded as spreadsheets.' },
  audit: { label: 'Audit', description: 'Who did what and when.' },
};

/** Add and edit screens under /admin/… (each with 'Go back' to /admin); null for the dashboard itself. */
function screenFor(pathname: string, api: RemotePageProps['api']): ReactNode | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/admin/users/new') return <AddUserScreen api={api} />;
  if (path === '/admin/companies/new') return <AddCompanyScreen api={api} />;
  const user = /^\/admin\/users\/(\d+)$/.exec(path);
  if (user) return <EditUserScreen key={user[1]} api={api} id={Number(user[1])} />;
  const company = /^\/admin\/companies\/(\d+)$/.exec(path);
  if (company) return <EditCompanyScreen key={company[1]} api={api} id={Number(company[1])} />;
  return null;
}

/** The panel of each tab (the switch is exhaustive: a new tab fails to compile until it has one). */
function panelFor(tab: AdminTab, api: RemotePageProps['api']): ReactNode {
  switch (tab) {
    case 'learners':
      return <LearnersPanel api={api} />;
    case 'companies':
      return <CompaniesPanel api={api} />;
    case 'courses':
      return <CoursesPanel api={api} />;
    case 'certificate':
      return <CertificatePanel api={api} />;
    case 'audit':
      return <AuditPanel api={api} />;
    case 'site':
      return <SitePanel api={api} />;
    case 'jobs':
      return <JobsPanel api={api} />;
    case 'reports':
      return <ReportsPanel api={api} />;
  }
}

/** /admin (spec §2 "Admin Dashboard"): tab counts from the server; the active tab lives in ?tab=. */
export default function AdminDashboard({ api }: RemotePageProps) {
  const { pathname } = useLocation();
  const screen = screenFor(pathname, api);
  if (screen)
    return (
      <div className="admin-dashboard">
        <Suspense fallback={loading}>{screen}</Suspense>
      </div>
    );
  return <AdminTabs api={api} />;
}

function AdminTabs({ api }: RemotePageProps) {
  const { tab: activeTab, setTab } = useAdminTab();
  const counts = useApiQuery('counts', () => api.call(adminDashboard));
  // A refresh after a create or delete keeps the old counts on the tabs until the new ones land.
  const [data, setData] = useState<RouteOutput<typeof adminDashboard>['counts'] | null>(null);
  if (counts.status === 'success' && counts.data.counts !== data) setData(counts.data.counts);

  // On narrow screens the tab list scrolls: keep the tab named in the address in view.
  useEffect(() => {
    document.getElementById(`ds-tab-${activeTab}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeTab]);

  const countFor: Partial<Record<AdminTab, number | undefined>> = {
    learners: data?.learners,
    companies: data?.companies,
    courses: data?.courses,
    jobs: data?.jobs,
  };
  const tabs: TabItem[] = ADMIN_TABS.map((id) => {
    const count = countFor[id];
    return count === undefined ? { id, label: PANELS[id].label } : { id, label: PANELS[id].label, count };
  });

  return (
    <div className="admin-dashboard" data-testid="admin-dashboard">
      <PageHeader title="Admin Dashboard" subtitle="Conduct site management below." />
      {counts.status === 'error' ? <LoadError error={counts.error} onRetry={counts.reload} what="the site counts" /> : null}
      <AdminCountsRefreshProvider value={counts.reload}>
        <Card>
          <div className="admin-tabs">
            <Tabs tabs={tabs} activeId={activeTab} onChange={(id) => setTab(id as AdminTab)} label="Site management" />
          </div>
          {ADMIN_TABS.map((id) => (
            <TabPanel key={id} id={id} activeId={activeTab}>
              {id === activeTab ? <Suspense fallback={loading}>{panelFor(id, api)}</Suspense> : null}
            </TabPanel>
          ))}
        </Card>
      </AdminCountsRefreshProvider>
    </div>
  );
}
