import { describe, expect, it } from 'vitest';
import { MASK, maskPayload, readMaskedPayload } from './mask-payload';

describe('maskPayload', () => {
  it.each([
    ['a token key', { token: 'abc' }, { token: MASK }],
    ['a password key, any case', { newPassword: 'hunter2' }, { newPassword: MASK }],
    ['a secret key', { client_secret: 's' }, { client_secret: MASK }],
    ['a link key', { loginLink: 'https://portal.test/login/x' }, { loginLink: MASK }],
    ['a nested key', { message: { headers: { 'x-token': 't' } } }, { message: { headers: { 'x-token': MASK } } }],
    ['a plain value', { to: 'a@b.test', subject: 'Hi' }, { to: 'a@b.test', subject: 'Hi' }],
    ['a null secret (nothing to hide)', { token: null }, { token: null }],
    ['numbers and booleans', { attempts: 2, ok: true }, { attempts: 2, ok: true }],
  ])('%s', (_name, input, expected) => {
    expect(maskPayload(input)).toEqual(expected);
  });

  it('masks the token parameter of a URL inside a text, keeping the rest', () => {
    const text = 'Sign in: https://portal.test/login/link?token=abcdef123&next=/courses today';
    expect(maskPayload({ text })).toEqual({ text: `Sign in: https://portal.test/login/link?token=${MASK}&next=/courses today` });
  });

  it('masks a token-like path segment of a URL and leaves ordinary URLs alone', () => {
    expect(maskPayload('https://portal.test/password/reset/Zx8kQ2mN4pR7sT1vW3yA5bC6dE9fG0hJ')).toBe(
      `https://portal.test/password/reset/${MASK}`,
    );
    expect(maskPayload('https://portal.test/courses/12')).toBe('https://portal.test/courses/12');
  });

  it('shows a long blob by its size', () => {
    expect(maskPayload({ content: 'A'.repeat(5000) })).toEqual({ content: '(5000 characters not shown)' });
  });

  it('reads stored JSON, or masks text that is not JSON', () => {
    expect(readMaskedPayload('{"password":"x","to":"y"}')).toEqual({ password: MASK, to: 'y' });
    expect(readMaskedPayload('not json https://a.test/?token=1')).toBe(`not json https://a.test/?token=${MASK}`);
  });
});
