import { serviceTestConfig } from '../kit/vitest.shared-config';

export default serviceTestConfig();
