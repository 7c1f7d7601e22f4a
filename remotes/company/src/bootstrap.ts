// Standalone development page: this remote's pages alone, in a router, against the gateway's API.
import '@portal/design-system';
import { mountDevHarness } from '@portal/frontend-kit/dev-harness';
import Dashboard from './pages/dashboard';
import Account from './pages/account';
import Enrol from './pages/enrol';
import EnrolNew from './pages/enrol-wizard';
import PurchaseHistory from './pages/purchase-history';
import Enrolments from './pages/enrolments';
import EditEnrolment from './pages/edit-enrolment';
import People from './pages/people';

mountDevHarness({
  needsSession: true,
  pages: [
    { path: '/', Page: Dashboard },
    { path: '/account', Page: Account },
    { path: '/account/depot/:id', Page: Account },
    { path: '/enrolments/create', Page: Enrol },
    { path: '/enrolments/create/v2', Page: EnrolNew },
    { path: '/purchase-history', Page: PurchaseHistory },
    { path: '/account/purchase-history', Page: PurchaseHistory },
    { path: '/reporting', Page: Enrolments },
    { path: '/enrolments/:id/edit', Page: EditEnrolment },
    { path: '/people', Page: People },
    { path: '/people/:id', Page: People },
  ],
});
