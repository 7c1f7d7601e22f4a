import { createFederatedConfig } from '../../rspack.federation.mjs';

export default createFederatedConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'learner',
  exposes: { './LearnerDashboard': './src/pages/learner-dashboard.tsx' },
  publicPath: 'auto',
  port: 3101,
  title: 'learner remote (dev)',
});
