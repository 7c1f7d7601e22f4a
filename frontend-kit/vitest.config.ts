import { frontendTestConfig } from './vitest.shared-config';

export default frontendTestConfig();
