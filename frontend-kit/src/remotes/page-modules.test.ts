import type { RemoteName } from '@portal/contracts';
import type { PageModules, RemotePageAddress } from './page-modules';

describe('PageModules', () => {
  it("names each remote's pages as its exposes map does, in kebab-case", () => {
    expectTypeOf<keyof PageModules>().toEqualTypeOf<RemoteName>();
    // Company and learner publish one routes module each (their pages load through it: src/routes/routes.tsx).
    expectTypeOf<PageModules['company']>().toEqualTypeOf<'routes'>();
    expectTypeOf<PageModules['learner']>().toEqualTypeOf<'routes'>();
    expectTypeOf<PageModules['admin']>().toEqualTypeOf<'admin-dashboard'>();
    expectTypeOf<PageModules['verify']>().toEqualTypeOf<'verify'>();
  });

  it('pairs a module only with its own remote', () => {
    expectTypeOf<{ remote: 'admin'; module: 'admin-dashboard' }>().toExtend<RemotePageAddress>();
    expectTypeOf<{ remote: 'learner'; module: 'admin-dashboard' }>().not.toExtend<RemotePageAddress>();
    expectTypeOf<{ remote: 'company'; module: 'EnrollNew' }>().not.toExtend<RemotePageAddress>();
  });
});
