/** What another page hands /courses when it sends the manager back there (Edit course's 'saved' notice). */
export interface CoursesLocationState {
  savedNotice?: string;
}

export function savedNoticeOf(state: unknown): string | null {
  const notice = (state as CoursesLocationState | null)?.savedNotice;
  return typeof notice === 'string' && notice ? notice : null;
}
