import { createFederatedConfig } from '../../rspack.federation.mjs';

export default createFederatedConfig({
  dir: import.meta.dirname,
  kind: 'shell',
  name: 'shell_portal',
  publicPath: '/shells/portal/',
  port: 3001,
  title: 'Safety Training Portal',
});
