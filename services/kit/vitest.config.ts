import { serviceTestConfig } from './vitest.shared-config';

export default serviceTestConfig();
