import { AppError, notFound, validationError, type Em, type ServiceDeps } from '@portal/service-kit';
import { addLedgerEntry, lockCreditAccount } from '../credits/credit.repository';
import { addYears, newCertificateCode } from '../certificates/certificate';
import { Enrollment, type IEnrollment } from './enrollment.entity';
import { hasOpenEnrollment } from './enrollment.repository';

export const NOT_ENOUGH_CREDITS = 'You do not have enough credits for this enrollment';

export interface AdminEnrolInput {
  userId: number;
  courseId: number;
  force: boolean;
  passDate?: string;
  sendPassEmail: boolean;
  now: Date;
  appUrl: string;
}

/**
 * An admin enrols a user on a course. Unless forced, the course's credits are spent from the
 * user's company in the same transaction as the enrolment, under a row lock on the balance, so
 * two enrolments at once can never spend the same credit. With a pass date the enrolment starts
 * passed, with its certificate code and expiry.
 */
export async function adminEnrol(em: Em, deps: Pick<ServiceDeps, 'identity' | 'catalogue' | 'mailer'>, input: AdminEnrolInput): Promise<IEnrollment> {
  const [user] = await deps.identity.usersByIds([input.userId]);
  if (!user) throw notFound('That user');
  // The course as the user's company sees it: its validity is the company's setting where it has one.
  const [course] = await deps.catalogue.coursesByIds([input.courseId], { companyId: user.companyId });
  if (!course) throw validationError({ course_id: ['That course does not exist.'] });
  if (course.companyId != null && course.companyId !== user.companyId) {
    throw validationError({ course_id: ['That course belongs to another company.'] });
  }
  const passedAt = input.passDate ? new Date(`${input.passDate}T12:00:00Z`) : null;
  if (passedAt && (Number.isNaN(passedAt.getTime()) || passedAt.getTime() > input.now.getTime())) {
    throw validationError({ pass_date: ['The pass date cannot be in the future.'] });
  }
  if (!input.force && (await hasOpenEnrollment(em, user.id, course.id))) {
    throw validationError({ course_id: ['This learner is already enrolled on this course.'] });
  }
  const validityYears = course.validityYears;

  const enrollment = await em.transactional(async (tx) => {
    if (!input.force) {
      const account = await lockCreditAccount(tx, user.companyId);
      if (!account || account.balance - course.creditCost < 0) throw validationError({ course_id: [NOT_ENOUGH_CREDITS] });
      account.balance -= course.creditCost;
    }
    const created = tx.create(Enrollment, {
      userId: user.id,
      courseId: course.id,
      companyId: user.companyId,
      status: passedAt ? 'passed' : 'not_started',
      score: null,
      certificateCode: passedAt ? newCertificateCode() : null,
      startedAt: passedAt,
      passedAt,
      expiresAt: passedAt ? addYears(passedAt, validityYears) : null,
    });
    await tx.flush();
    if (!input.force) {
      addLedgerEntry(tx, { companyId: user.companyId, delta: -course.creditCost, kind: 'enrolment', enrollmentId: created.id });
    }
    return created;
  });

  if (passedAt && input.sendPassEmail && user.email) {
    const verifyUrl = `${input.appUrl}/verify?code=${enrollment.certificateCode}`;
    await deps.mailer
      .send({
        to: user.email,
        subject: `You passed ${course.name}`,
        text: `Hello ${user.name},\n\nYou have passed ${course.name}. Your certificate code is ${enrollment.certificateCode}.\nAnyone can check it at ${verifyUrl}\n`,
      })
      .catch((error: unknown) => {
        throw new AppError('bad_request', `The enrolment was made, but the pass email could not be sent: ${String(error)}`);
      });
  }
  return enrollment;
}
