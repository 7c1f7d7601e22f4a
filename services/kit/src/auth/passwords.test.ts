import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('hashPassword', () => {
  it('produces an argon2id hash with the OWASP minimum parameters and a fresh salt each time', async () => {
    const first = await hashPassword('Correct horse 1!');
    const second = await hashPassword('Correct horse 1!');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toContain('Correct horse');
    expect(second).not.toBe(first);
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Correct horse 1!');
    expect(await verifyPassword(hash, 'Correct horse 1!')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse 1!')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it.each([
    ['a garbage string', 'not-a-hash'],
    ['a truncated hash', '$argon2id$v=19$m=19456,t=2,p=1$abc'],
    ['a bcrypt hash', '$2y$10$abcdefghijklmnopqrstuuJ4c9mQ3yW1Jx1mF7qX5a3n0K8m2Pq6G'],
    ['an empty string', ''],
    ['null', null],
    ['undefined', undefined],
  ])('answers false, without throwing, for %s', async (_label, hash) => {
    await expect(verifyPassword(hash, 'anything')).resolves.toBe(false);
  });
});
