// Standalone development page: this remote's pages alone, in a router, against the gateway's API.
import '@portal/design-system';
import { mountDevHarness } from '@portal/frontend-kit/dev-harness';
import { LEARNER_ROUTES } from './routes/learner-routes';
import LearnerRoutes from './routes/routes';

mountDevHarness({ needsSession: true, pages: LEARNER_ROUTES.routes.map(({ path }) => ({ path, Page: LearnerRoutes })) });
