export { DevHarness, type DevHarnessPage } from './dev-harness';
export { mountDevHarness } from './mount-dev-harness';
