import type { NoticeTone } from '@portal/design-system';

type Status = 'not_started' | 'in_progress' | 'passed' | 'failed';

/** What the page after the player says once a learner leaves a course, from the result stored by then. */
export function finishedNotice(status: Status, courseName: string): { tone: NoticeTone; text: string } {
  if (status === 'passed') return { tone: 'success', text: `Well done! You have passed ${courseName}. Your certificate is ready.` };
  if (status === 'failed')
    return { tone: 'info', text: `You did not pass ${courseName} this time. You can take it again whenever you are ready.` };
  return { tone: 'success', text: `Your progress in ${courseName} has been saved. Continue Course picks up where you left off.` };
}
