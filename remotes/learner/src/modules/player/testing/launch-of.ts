import type { LaunchData } from '../player-session-state';

/** A two-SCO SCORM 1.2 launch of attempt `attemptId` (SCOs `a` and `b` on the content origin), for tests. */
export function launchOf(attemptId: number, startIndex = 0): LaunchData {
  const sco = (identifier: string) => ({
    identifier,
    title: identifier,
    url: `http://content.test/c/tok/${identifier}.html`,
    commit_url: `/api/commit?sco=${identifier}`,
    progress: 'not-attempted' as const,
    cmi: { 'cmi.core.lesson_location': '' },
  });
  return {
    attempt_id: attemptId,
    version: '1.2',
    start_index: startIndex,
    finish_url: '/',
    course: { name: 'Fire safety' },
    scos: [sco('a'), sco('b')],
  } as unknown as LaunchData;
}
