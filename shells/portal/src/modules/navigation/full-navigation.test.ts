import { isFullNavigation } from './full-navigation';

describe('isFullNavigation', () => {
  it.each([
    ['/logout', true],
    ['/login?next=/courses', true],
    ['/verify?code=ABC', true],
    ['/password/reset/token', true],
    ['/api/enrollments/5/certificate', true],
    ['/remotes/admin/mf-manifest.json', true],
    ['https://shop.safetytraining.test/credits', true],
    ['//cdn.example/x.js', true],
    ['mailto:help@safetytraining.test', true],
    ['/', false],
    ['/reporting?s=3', false],
    ['/courses/edit/5#activities', false],
    ['/admin?tab=courses', false],
    ['/logouts', false],
    ['/verifying', false],
  ])('%s → full navigation: %s', (href, expected) => {
    expect(isFullNavigation(href)).toBe(expected);
  });
});
