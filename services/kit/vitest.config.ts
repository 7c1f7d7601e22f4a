import { serviceTestConfig } from './vitest.shared';

export default serviceTestConfig();
