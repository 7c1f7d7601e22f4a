import { randomInt } from 'node:crypto';
import type { Em } from '@portal/service-kit';
import { User } from '../../data/user.entity';

/**
 * Easy to read aloud: no 0/O or 1/I. 32^10 = 2^50 ≈ 10^15 codes, drawn with a cryptographic
 * generator; enough at the sign-in limits (auth/rate-limit.ts LIMITS has the arithmetic).
 */
export const LOGIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const LOGIN_CODE_LENGTH = 10;
/** Rows per IN list: some drivers refuse very long ones. */
const CHUNK = 1000;

export function randomLoginCode(): string {
  let code = '';
  for (let i = 0; i < LOGIN_CODE_LENGTH; i++) code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)];
  return code;
}

/** Of these codes, those some user already has. */
export async function takenLoginCodes(em: Em, codes: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < codes.length; i += CHUNK) {
    const users = await em.find(User, { loginCode: { $in: codes.slice(i, i + CHUNK) } }, { fields: ['loginCode'] });
    for (const user of users) if (user.loginCode) taken.add(user.loginCode);
  }
  return taken;
}

/**
 * `count` fresh login codes, distinct among themselves and from every stored one: drawn at once,
 * checked in batches, and only the collisions drawn again. The unique index on users.login_code
 * stays the last word (a code taken meanwhile fails the insert, which the caller retries).
 */
export async function newLoginCodes(em: Em, count: number): Promise<string[]> {
  const codes = new Set<string>();
  for (let attempt = 0; codes.size < count; attempt++) {
    if (attempt > 20) throw new Error('Could not find free login codes.');
    const drawn = new Set<string>();
    while (codes.size + drawn.size < count) {
      const code = randomLoginCode();
      if (!codes.has(code)) drawn.add(code);
    }
    const taken = await takenLoginCodes(em, [...drawn]);
    for (const code of drawn) if (!taken.has(code)) codes.add(code);
  }
  return [...codes];
}
