import { COMPANY_ROUTES, type CompanyPage } from './company-routes';

describe('COMPANY_ROUTES', () => {
  it('names the company pages in kebab-case, each served by the routes module the remote exposes', () => {
    expectTypeOf<CompanyPage>().toEqualTypeOf<
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
    expect(COMPANY_ROUTES.module).toBe('routes');
  });
});
