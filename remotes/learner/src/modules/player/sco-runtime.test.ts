import { describe, expect, it } from 'vitest';
import { shellFor } from './sco-runtime';

describe('shellFor', () => {
  it('frames the content origin’s SCO shell under the same token, which opens the SCO’s page', () => {
    expect(shellFor('http://localhost:3021/c/5.7.1800000000.sig/index_lms.html?x=1')).toEqual({
      shellUrl: 'http://localhost:3021/c/5.7.1800000000.sig/__portal/sco.html',
      href: 'index_lms.html?x=1',
    });
    expect(shellFor('https://content.example.com/c/t/shared/launchpage.html').href).toBe('shared/launchpage.html');
  });

  it('refuses an address that is not a content-origin page', () => {
    expect(() => shellFor('https://portal.example.com/storage/courses/7/package/index.html')).toThrow(/Not a content-origin address/);
  });
});
