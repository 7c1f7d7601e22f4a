import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, randomToken, safeEqual } from './tokens';

describe('randomToken', () => {
  it('is URL-safe base64 of the requested number of random bytes', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(Buffer.from(randomToken(12), 'base64url')).toHaveLength(12);
  });

  it('never repeats', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
  });
});

describe('hashToken', () => {
  it('is the hex SHA-256 of the token: stable, and never the token itself', () => {
    const token = randomToken();
    const hashed = hashToken(token);
    expect(hashed).toMatch(/^[0-9a-f]{64}$/);
    expect(hashed).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken(token)).toBe(hashed);
    expect(hashToken(`${token}x`)).not.toBe(hashed);
    expect(hashed).not.toContain(token);
  });
});

describe('safeEqual', () => {
  it('compares by value, including different lengths and non-ASCII text', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('é', 'e')).toBe(false);
  });
});
