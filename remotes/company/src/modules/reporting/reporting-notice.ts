/** A message another page leaves for /reporting in the history state (e.g. after editing or deleting). */
export interface ReportingNotice {
  tone: 'success' | 'error';
  text: string;
}

/** The notice in a location's state, if any. */
export function reportingNoticeOf(state: unknown): ReportingNotice | null {
  if (typeof state !== 'object' || state === null || !('reportingNotice' in state)) return null;
  const notice = (state as { reportingNotice: unknown }).reportingNotice;
  if (typeof notice !== 'object' || notice === null) return null;
  const { tone, text } = notice as Record<string, unknown>;
  return (tone === 'success' || tone === 'error') && typeof text === 'string' ? { tone, text } : null;
}
