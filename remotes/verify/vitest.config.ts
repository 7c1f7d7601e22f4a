import { frontendTestConfig } from '../../frontend-kit/vitest.shared-config';

export default frontendTestConfig();
