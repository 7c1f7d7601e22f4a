import { serviceTestConfig } from '../kit/vitest.shared';

export default serviceTestConfig();
