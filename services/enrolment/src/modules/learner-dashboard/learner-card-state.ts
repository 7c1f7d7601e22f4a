import type { LearnerEnrolment } from '@portal/contracts';
import type { IEnrolment } from '../enrolments/enrolment.entity';

/** The learner card's state: a passed course whose certificate has run out is 'expired'. */
export function learnerCardState(enrolment: Pick<IEnrolment, 'status' | 'expiresAt'>, now: Date): LearnerEnrolment['state'] {
  if (enrolment.status === 'passed') {
    return enrolment.expiresAt && enrolment.expiresAt.getTime() <= now.getTime() ? 'expired' : 'passed';
  }
  if (enrolment.status === 'in_progress') return 'in-progress';
  if (enrolment.status === 'failed') return 'failed';
  return 'not-started';
}
