import { createFederatedConfig } from '../../rspack.federation.mjs';

export default createFederatedConfig({
  dir: import.meta.dirname,
  kind: 'shell',
  name: 'shell_public',
  publicPath: '/shells/public/',
  port: 3002,
  title: 'Safety Training Portal',
});
