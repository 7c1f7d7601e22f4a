/** How long a pass holds: the validity rules that enrolments and their certificates share. */

/** passed_at plus whole years, on the same calendar day (UTC). */
export function addYears(date: Date, years: number): Date {
  const result = new Date(date.getTime());
  result.setUTCFullYear(result.getUTCFullYear() + years);
  return result;
}

/** A certificate runs out at its expiry, to the millisecond. */
export function isPastExpiry(expiresAt: Date | null | undefined, now: Date): boolean {
  return !!expiresAt && expiresAt.getTime() <= now.getTime();
}
