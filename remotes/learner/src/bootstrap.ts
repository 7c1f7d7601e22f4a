// Standalone development page: this remote's pages alone, in a router, against the gateway's API.
import '@portal/design-system';
import { mountDevHarness } from '@portal/frontend-kit/dev-harness';
import LearnerDashboard from './pages/learner-dashboard';
import LearnerAccount from './pages/learner-account';

mountDevHarness({
  needsSession: true,
  pages: [
    { path: '/', Page: LearnerDashboard },
    { path: '/account', Page: LearnerAccount },
  ],
});
