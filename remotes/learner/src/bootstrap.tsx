// Standalone development page: this remote's pages alone, in a router, against the gateway's API.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@portal/design-system';
import { DevHarness } from '@portal/frontend-kit/dev-harness';
import LearnerDashboard from './pages/learner-dashboard';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <DevHarness needsSession={true} pages={[{ path: '/', Page: LearnerDashboard }]} />
  </StrictMode>,
);
