import type { ReactNode } from 'react';
import { Notice } from '@portal/design-system';

/** The server's answer to a form or an action: a success, or what went wrong. */
export interface Answer {
  tone: 'success' | 'error';
  text: ReactNode;
}

/** The answer above a form: a success hides itself after 5 seconds, an error stays until dismissed. */
export function AnswerNotice({ answer, onDismiss }: { answer: Answer | null; onDismiss: () => void }) {
  if (!answer) return null;
  return (
    <Notice tone={answer.tone} onDismiss={onDismiss} {...(answer.tone === 'success' ? { autoHideMs: 5000 } : {})}>
      {answer.text}
    </Notice>
  );
}
