import * as crypto from 'node:crypto';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens (sessions, reset and sign-in links) are stored only as this hash (one-shot: every signed-in request hashes its cookie). */
export function hashToken(token: string): string {
  // crypto.hash is Node 20.12+; the engines field allows any Node 20.
  return typeof crypto.hash === 'function' ? crypto.hash('sha256', token, 'hex') : createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
