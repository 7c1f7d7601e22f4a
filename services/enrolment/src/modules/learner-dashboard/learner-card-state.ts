import type { LearnerEnrollment } from '@portal/contracts';
import type { IEnrollment } from '../enrollments/enrollment.entity';

/** The learner card's state: a passed course whose certificate has run out is 'expired'. */
export function learnerCardState(enrollment: Pick<IEnrollment, 'status' | 'expiresAt'>, now: Date): LearnerEnrollment['state'] {
  if (enrollment.status === 'passed') {
    return enrollment.expiresAt && enrollment.expiresAt.getTime() <= now.getTime() ? 'expired' : 'passed';
  }
  if (enrollment.status === 'in_progress') return 'in-progress';
  if (enrollment.status === 'failed') return 'failed';
  return 'not-started';
}
