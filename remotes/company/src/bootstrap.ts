// Standalone development page: this remote's pages alone, in a router, against the gateway's API.
import '@portal/design-system';
import { mountDevHarness } from '@portal/frontend-kit/dev-harness';
import Dashboard from './pages/dashboard';
import Account from './pages/account';
import Enroll from './pages/enrol';
import EnrollNew from './pages/enrol-wizard';
import PurchaseHistory from './pages/purchase-history';
import Enrollments from './pages/enrolments';
import EditEnrollment from './pages/edit-enrolment';

mountDevHarness({ needsSession: true, pages: [
    { path: '/', Page: Dashboard },
    { path: '/account', Page: Account },
    { path: '/account/depot/:id', Page: Account },
    { path: '/enrolments/create', Page: Enroll },
    { path: '/enrolments/create/v2', Page: EnrollNew },
    { path: '/purchase-history', Page: PurchaseHistory },
    { path: '/account/purchase-history', Page: PurchaseHistory },
    { path: '/reporting', Page: Enrollments },
    { path: '/enrolments/:id/edit', Page: EditEnrollment },
  ] });
