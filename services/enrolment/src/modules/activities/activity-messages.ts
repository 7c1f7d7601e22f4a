export const ACTIVITY_MESSAGES = {
  wrongCode: 'That code is not right. Check it with your manager and try again.',
  completed: 'Activity completed.',
  alreadyCompleted: 'This activity is already complete.',
  notFound: 'This activity was not found.',
} as const;
