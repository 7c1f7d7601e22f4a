import { LEARNER_ROUTES, type LearnerPage } from './learner-routes';

describe('LEARNER_ROUTES', () => {
  it('names the learner pages in kebab-case, each served by the routes module the remote exposes', () => {
    expectTypeOf<LearnerPage>().toEqualTypeOf<
      'learner-dashboard' | 'learner-course' | 'learner-course-activities' | 'activity-code' | 'learner-account'
    >();
    expect(LEARNER_ROUTES.module).toBe('routes');
  });
});
