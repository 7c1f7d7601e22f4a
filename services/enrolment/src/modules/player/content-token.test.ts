import { describe, expect, it } from 'vitest';
import { contentUrl, signContentToken, verifyContentToken } from './content-token';

const SECRET = 'a-test-secret-of-some-length';
const NOW = new Date('2026-06-15T12:00:00Z');
const grant = { attemptId: 12, courseId: 7, expiresAt: new Date(NOW.getTime() + 3600_000) };

describe('content origin tokens (issue 13 item 2)', () => {
  it('grants the attempt and course they were signed for until they expire', () => {
    const token = signContentToken(SECRET, grant);
    expect(verifyContentToken(SECRET, token, NOW)).toEqual({ attemptId: 12, courseId: 7 });
    expect(verifyContentToken(SECRET, token, grant.expiresAt)).toBeNull();
  });

  it('refuses another course, another secret, or anything malformed', () => {
    const token = signContentToken(SECRET, grant);
    expect(verifyContentToken(SECRET, token.replace('12.7.', '12.8.'), NOW)).toBeNull();
    expect(verifyContentToken('another-secret-of-some-length', token, NOW)).toBeNull();
    for (const bad of ['', '12.7', '../12.7.1.x', `${token}x`, token.toUpperCase()])
      expect(verifyContentToken(SECRET, bad, NOW)).toBeNull();
  });

  it('frames a SCO at the content origin under the token', () => {
    expect(contentUrl({ contentOriginUrl: 'https://content.example.test' }, 'tok', './a/index.html?x=1')).toBe(
      'https://content.example.test/c/tok/a/index.html?x=1',
    );
  });
});
