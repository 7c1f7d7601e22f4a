import { describe, expect, it } from 'vitest';
import { isCanonicalId, rawPathAfter, storedPathSegments } from './request-path';

/** Every way to write `..` and a separator that a browser, a proxy or an attacker might send (issue 31 item 5). */
const DOTS = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e'];
const SEPARATORS = ['%2f', '%2F', '%5c', '%5C', '\\', '%252f', '%255c'];

describe('storedPathSegments: one spelling per stored file', () => {
  it('decodes each segment once and keeps ordinary names, spaces and non-Latin letters', () => {
    expect(storedPathSegments('media/clip%20one.mp4')).toEqual(['media', 'clip one.mp4']);
    expect(storedPathSegments('%C5%BC%C3%B3%C5%82w/index.html')).toEqual(['żółw', 'index.html']);
    expect(storedPathSegments('a%25b.txt')).toEqual(['a%b.txt']);
    expect(storedPathSegments('shared/launchpage.html')).toEqual(['shared', 'launchpage.html']);
  });

  const refused: string[] = [];
  for (const dots of DOTS)
    for (const separator of SEPARATORS) {
      refused.push(`${dots}${separator}${dots}${separator}3${separator}package${separator}imsmanifest.xml`);
      refused.push(`${dots}/${dots}/3/package/imsmanifest.xml`);
      refused.push(`package${separator}index.html`);
      refused.push(`media${separator}${dots}${separator}index.html`);
    }
  refused.push('', '/', 'a//b', './a', 'a/.', '%2e/a', 'a/%2E', 'a%00b', 'a\u0000b', 'a%0ab', 'a%7fb', '%E0%A4%A', 'a/%zz');

  it.each([...new Set(refused)])('refuses %j', (spelling) => {
    const segments = storedPathSegments(spelling);
    // Double-encoded forms decode once to a harmless name with a percent sign in it, never to a separator or `..`.
    if (segments) for (const segment of segments) expect(segment === '..' || segment.includes('/') || segment.includes('\\')).toBe(false);
    if (!/%25/.test(spelling)) expect(segments).toBeNull();
  });
});

describe('rawPathAfter and isCanonicalId', () => {
  it('reads the path as sent, never a decoded copy', () => {
    expect(rawPathAfter('http://x/c/t/package%2Findex.html?x=1', '/c/t/')).toBe('package%2Findex.html');
    expect(rawPathAfter('http://x/c/other/a.html', '/c/t/')).toBeNull();
  });
  it('accepts a number only in its one spelling', () => {
    expect(['0', '4', '1234567'].every(isCanonicalId)).toBe(true);
    expect(['04', '004', '4.0', '+4', ' 4', '', '1e3', '%34'].some(isCanonicalId)).toBe(false);
  });
});
