import { Route, Routes } from 'react-router';
import type { Role } from '@portal/contracts';
import { RemotePage } from '@portal/frontend-kit';
import { AppLayout } from '../modules/layout/app-layout';
import { MinimalLayout } from '../modules/layout/minimal-layout';
import { api } from '../modules/api/api-client';
import { useShell } from '../modules/session/shell-context';
import { LearnerCoursePage } from '../pages/learner-course-page';
import { NotFoundPage } from '../pages/not-found-page';
import { PlaceholderPage } from '../pages/placeholder-page';

/** Company areas later releases fill in (spec §2), shown as the placeholder 'Site' screen for now. */
const COMPANY_PLACEHOLDERS: [path: string, title: string][] = [
  ['/companyCourse/edit/:id', 'Edit course'],
  ['/reporting', 'Enrolments'],
  ['/enrolments/create', 'Enrol employees'],
  ['/enrolments/create/v2', 'Enrol employees'],
  ['/enrolments/:id/edit', 'Edit enrolment'],
  ['/account/purchase-history', 'Purchase history'],
  ['/purchase-history', 'Purchase history'],
];

const LEARNER_PLACEHOLDERS: [path: string, title: string][] = [
  ['/account', 'Account'],
  ['/purchase-history', 'Purchase history'],
];

function placeholders(list: [string, string][]) {
  return list.map(([path, title]) => <Route key={path} path={path} element={<PlaceholderPage title={title} />} />);
}

function pageRoutes(role: Role) {
  switch (role) {
    case 'learner':
      return (
        <>
          <Route index element={<LearnerHome />} />
          {placeholders(LEARNER_PLACEHOLDERS)}
        </>
      );
    case 'manager':
      return (
        <>
          <Route index element={<CompanyHome />} />
          <Route path="/courses" element={<CoursesHome />} />
          <Route path="/courses/edit/:id" element={<EditCourseHome />} />
          <Route path="/account" element={<AccountHome />} />
          <Route path="/account/depot/:id" element={<AccountHome />} />
          <Route path="/activity-code/:enrollmentId/:activityId" element={<ActivityCodeHome />} />
          {placeholders(COMPANY_PLACEHOLDERS)}
        </>
      );
    case 'admin':
      return (
        <>
          <Route index element={<CompanyHome />} />
          <Route path="/courses" element={<CoursesHome />} />
          <Route path="/courses/edit/:id" element={<EditCourseHome />} />
          <Route path="/account" element={<AccountHome />} />
          <Route path="/account/depot/:id" element={<AccountHome />} />
          <Route path="/admin" element={<AdminHome />} />
          <Route path="/admin/*" element={<AdminHome />} />
          <Route path="/activity-code/:enrollmentId/:activityId" element={<ActivityCodeHome />} />
          {placeholders(COMPANY_PLACEHOLDERS)}
        </>
      );
  }
}

function LearnerHome() {
  const { user } = useShell();
  return <RemotePage remote="learner" module="LearnerDashboard" session={user} api={api} />;
}

/** /courses and /courses/edit/{id}: the company's catalogue and its course settings. */
function CoursesHome() {
  const { user } = useShell();
  return <RemotePage remote="company" module="Courses" session={user} api={api} />;
}

function EditCourseHome() {
  const { user } = useShell();
  return <RemotePage remote="company" module="EditCourse" session={user} api={api} />;
}

function CompanyHome() {
  const { user } = useShell();
  return <RemotePage remote="company" module="Dashboard" session={user} api={api} />;
}

function ActivityCodeHome() {
  const { user } = useShell();
  return <RemotePage remote="learner" module="ActivityCode" session={user} api={api} />;
}

/** /account and /account/depot/{id}: the account area of managers (and admins for the company they act for). */
function AccountHome() {
  const { user } = useShell();
  return <RemotePage remote="company" module="Account" session={user} api={api} />;
}

function AdminHome() {
  const { user } = useShell();
  return <RemotePage remote="admin" module="AdminDashboard" session={user} api={api} />;
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
