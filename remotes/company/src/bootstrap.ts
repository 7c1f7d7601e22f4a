// Standalone development page: this remote's pages alone, in a router, against the gateway's API.
import '@portal/design-system';
import { mountDevHarness } from '@portal/frontend-kit/dev-harness';
import { COMPANY_ROUTES } from './routes/company-routes';
import CompanyRoutes from './routes/routes';

mountDevHarness({ needsSession: true, pages: COMPANY_ROUTES.routes.map(({ path }) => ({ path, Page: CompanyRoutes })) });
