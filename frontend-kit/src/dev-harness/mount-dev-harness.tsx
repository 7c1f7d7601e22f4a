import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DevHarness, type DevHarnessPage } from './dev-harness';

/** Renders a remote's standalone development page into `#root`. */
export function mountDevHarness(options: { pages: DevHarnessPage[]; needsSession: boolean }): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <DevHarness {...options} />
    </StrictMode>,
  );
}
