// Standalone development page: this remote's pages alone, in a router, against the gateway's API.
import '@portal/design-system';
import { mountDevHarness } from '@portal/frontend-kit/dev-harness';
import Verify from './pages/verify';

mountDevHarness({ needsSession: false, pages: [{ path: '/verify', Page: Verify }] });
