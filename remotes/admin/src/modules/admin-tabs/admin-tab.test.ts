import { addressForTab, readAdminTab } from './admin-tab';

describe('admin tab', () => {
  it.each([
    ['tab=companies', 'companies'],
    ['tab=jobs&search=x', 'jobs'],
    ['', 'learners'],
    ['tab=nonsense', 'learners'],
  ])('reads ?%s as the %s tab', (query, tab) => {
    expect(readAdminTab(new URLSearchParams(query))).toBe(tab);
  });

  it('starts a fresh list on another tab: the address holds the tab alone', () => {
    expect(addressForTab('courses').toString()).toBe('tab=courses');
  });
});
