import { createFederatedConfig } from '../../rspack.federation.mjs';

export default createFederatedConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'admin',
  exposes: { './AdminDashboard': './src/pages/admin-dashboard.tsx' },
  publicPath: 'auto',
  port: 3103,
  title: 'admin remote (dev)',
});
