import { createFederatedConfig } from '../../rspack.federation.mjs';

export default createFederatedConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'verify',
  exposes: { './Verify': './src/pages/verify.tsx' },
  publicPath: 'auto',
  port: 3104,
  title: 'verify remote (dev)',
});
