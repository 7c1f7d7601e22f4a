import type { RemoteName } from '@portal/contracts';
import type { PageModules, RemotePageAddress } from './page-modules';

describe('PageModules', () => {
  it("names each remote's pages as its exposes map does, in kebab-case", () => {
    expectTypeOf<keyof PageModules>().toEqualTypeOf<RemoteName>();
    expectTypeOf<PageModules['company']>().toEqualTypeOf<
      | 'dashboard'
      | 'account'
      | 'courses'
      | 'edit-course'
      | 'enrol'
      | 'enrol-wizard'
      | 'purchase-history'
      | 'enrolments'
      | 'edit-enrolment'
      | 'people'
    >();
    expectTypeOf<PageModules['learner']>().toEqualTypeOf<
      'learner-dashboard' | 'learner-course' | 'learner-course-activities' | 'activity-code' | 'learner-account'
    >();
    expectTypeOf<PageModules['admin']>().toEqualTypeOf<'admin-dashboard'>();
    expectTypeOf<PageModules['verify']>().toEqualTypeOf<'verify'>();
  });

  it('pairs a module only with its own remote', () => {
    expectTypeOf<{ remote: 'company'; module: 'enrol-wizard' }>().toExtend<RemotePageAddress>();
    expectTypeOf<{ remote: 'learner'; module: 'enrol-wizard' }>().not.toExtend<RemotePageAddress>();
    expectTypeOf<{ remote: 'company'; module: 'EnrollNew' }>().not.toExtend<RemotePageAddress>();
  });
});
