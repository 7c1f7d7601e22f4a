import { readFileSync } from 'node:fs';
import { createFederatedConfig } from '../../rspack.federation.mjs';

export default createFederatedConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'verify',
  exposes: JSON.parse(readFileSync(new URL('./exposes.json', import.meta.url), 'utf8')),
  publicPath: 'auto',
  port: 3104,
  title: 'verify remote (dev)',
});
