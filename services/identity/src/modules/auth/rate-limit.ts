import { hashToken, type AttemptLimit } from '@portal/service-kit';

/** The counting itself is the kit's (shared with enrolment's activity codes). */
export { clearAttempts, countAttempt, secondsUntilAllowed } from '@portal/service-kit';
export type Limit = AttemptLimit;

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The limits (decisions.md "Identity"). Failed sign-ins count per address and per
 * account-and-address, never per account alone: an attacker elsewhere cannot lock anyone out
 * (admins included), and each address is slowed to 30 guesses in 15 minutes. Login codes name no
 * account, so a guess is a guess at every code: they have a tighter per-address limit (10 in 15
 * minutes, 960 a day). Codes are 10 letters of 32 (50 bits): with 100,000 codes live, one address
 * needs on average 2^50 / (100,000 × 960) ≈ 11.7 million days, and a thousand addresses 32 years.
 */
export const LIMITS = {
  signInAccountAddress: (account: string, address: string): Limit => ({
    bucket: `signin-account-address:${hashToken(`${account}|${address}`)}`,
    max: 5,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  signInAddress: (address: string): Limit => ({ bucket: `signin-address:${address}`, max: 30, windowSeconds: FIFTEEN_MINUTES }),
  loginCodeAddress: (address: string): Limit => ({ bucket: `login-code-address:${address}`, max: 10, windowSeconds: FIFTEEN_MINUTES }),
  mailAccount: (email: string): Limit => ({ bucket: `mail-account:${hashToken(email)}`, max: 3, windowSeconds: FIFTEEN_MINUTES }),
  mailAddress: (address: string): Limit => ({ bucket: `mail-address:${address}`, max: 20, windowSeconds: FIFTEEN_MINUTES }),
  /** Wrong current passwords on an account page: a stolen session cannot guess the password to take the account over. */
  currentPassword: (userId: number): Limit => ({ bucket: `current-password:${userId}`, max: 5, windowSeconds: FIFTEEN_MINUTES }),
};
