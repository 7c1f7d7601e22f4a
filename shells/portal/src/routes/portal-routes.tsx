import { Route, Routes } from 'react-router';
import type { Role } from '@portal/contracts';
import { RemotePage, type RemotePageAddress } from '@portal/frontend-kit';
import { AppLayout } from '../modules/layout/app-layout';
import { MinimalLayout } from '../modules/layout/minimal-layout';
import { api } from '../modules/api/api-client';
import { useShell } from '../modules/session/shell-context';
import { LearnerCoursePage } from '../pages/learner-course-page';
import { NotFoundPage } from '../pages/not-found-page';

interface RoleRoute {
  /** Left out for the role's home page (the index route). */
  path?: string;
  roles: readonly Role[];
  /** A remote's exposed page (its module names come from the remote's exposes.json). */
  page: RemotePageAddress;
}

const LEARNER: readonly Role[] = ['learner'];
const COMPANY: readonly Role[] = ['manager', 'admin'];
const ADMIN: readonly Role[] = ['admin'];
const EVERYONE: readonly Role[] = ['learner', 'manager', 'admin'];

/** Every page route with the roles that have it; each role's route table is this list filtered. */
const ROLE_ROUTES: RoleRoute[] = [
  { roles: LEARNER, page: { remote: 'learner', module: 'learner-dashboard' } },
  // The learner's own account page; managers and admins get the company's account area below.
  { path: '/account', roles: LEARNER, page: { remote: 'learner', module: 'learner-account' } },
  { roles: COMPANY, page: { remote: 'company', module: 'dashboard' } },
  // The company's catalogue and its course settings.
  { path: '/courses', roles: COMPANY, page: { remote: 'company', module: 'courses' } },
  { path: '/courses/edit/:id', roles: COMPANY, page: { remote: 'company', module: 'edit-course' } },
  // The address the edit form posts to (spec §2, §7): opened in the browser it is the same page.
  { path: '/companyCourse/edit/:id', roles: COMPANY, page: { remote: 'company', module: 'edit-course' } },
  // The account area of managers (and of admins, for the company they act for).
  { path: '/account', roles: COMPANY, page: { remote: 'company', module: 'account' } },
  { path: '/account/depot/:id', roles: COMPANY, page: { remote: 'company', module: 'account' } },
  // Enrol employees: the 3-step wizard and the older single page (which also serves re-enrolment).
  { path: '/enrolments/create/v2', roles: COMPANY, page: { remote: 'company', module: 'enrol-wizard' } },
  { path: '/enrolments/create', roles: COMPANY, page: { remote: 'company', module: 'enrol' } },
  // Invoices: the company's for managers, a purchased learner's own (the service decides which).
  { path: '/purchase-history', roles: EVERYONE, page: { remote: 'company', module: 'purchase-history' } },
  { path: '/account/purchase-history', roles: EVERYONE, page: { remote: 'company', module: 'purchase-history' } },
  // Enrolments (reporting) and editing one enrolment.
  { path: '/reporting', roles: COMPANY, page: { remote: 'company', module: 'enrolments' } },
  { path: '/enrolments/:id/edit', roles: COMPANY, page: { remote: 'company', module: 'edit-enrolment' } },
  // People: the company's and its depots' learners; one person at /people/:id.
  { path: '/people', roles: COMPANY, page: { remote: 'company', module: 'people' } },
  { path: '/people/:id', roles: COMPANY, page: { remote: 'company', module: 'people' } },
  { path: '/admin', roles: ADMIN, page: { remote: 'admin', module: 'admin-dashboard' } },
  { path: '/admin/*', roles: ADMIN, page: { remote: 'admin', module: 'admin-dashboard' } },
  { path: '/activity-code/:enrollmentId/:activityId', roles: COMPANY, page: { remote: 'learner', module: 'activity-code' } },
];

function ShellRemotePage(address: RemotePageAddress) {
  const { user } = useShell();
  return <RemotePage {...address} session={user} api={api} />;
}

function pageElement(page: RemotePageAddress) {
  // Keyed by page so moving between two pages mounts the new one afresh, while the paths of one page share it.
  return <ShellRemotePage key={`${page.remote}/${page.module}`} {...page} />;
}

function pageRoutes(role: Role) {
  return ROLE_ROUTES.filter((route) => route.roles.includes(role)).map(({ path, page }) =>
    path === undefined ? (
      <Route key="index" index element={pageElement(page)} />
    ) : (
      <Route key={path} path={path} element={pageElement(page)} />
    ),
  );
}

/** Per-role route table. Learner course pages use the minimal layout; everything else the app layout. */
export function PortalRoutes() {
  const { user } = useShell();
  return (
    <Routes>
      {user.role === 'learner' ? (
        <Route path="/learn/:enrollmentId/*" element={<MinimalLayout />}>
          <Route path="*" element={<LearnerCoursePage />} />
        </Route>
      ) : null}
      <Route element={<AppLayout />}>
        {pageRoutes(user.role)}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
