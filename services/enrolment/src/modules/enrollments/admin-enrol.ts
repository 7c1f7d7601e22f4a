import { LockMode } from '@mikro-orm/core';
import { AppError, notFound, validationError, type Em, type Mailer } from '@portal/service-kit';
import { courseValidityFor, findCoursesByIds } from '@portal/catalogue-service';
import { findUser } from '@portal/identity-service';
import { CreditAccount, CreditTransaction } from '../credits/credit.entity';
import { addYears, newCertificateCode } from '../player/store-commit';
import { Enrollment, type IEnrollment } from './enrollment.entity';

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
export async function adminEnrol(em: Em, mailer: Mailer, input: AdminEnrolInput): Promise<IEnrollment> {
  const user = await findUser(em, input.userId);
  if (!user) throw notFound('That user');
  const course = (await findCoursesByIds(em, [input.courseId])).get(input.courseId);
  if (!course) throw validationError({ course_id: ['That course does not exist.'] });
  if (course.companyId != null && course.companyId !== user.companyId) {
    throw validationError({ course_id: ['That course belongs to another company.'] });
  }
  const passedAt = input.passDate ? new Date(`${input.passDate}T12:00:00Z`) : null;
  if (passedAt && (Number.isNaN(passedAt.getTime()) || passedAt.getTime() > input.now.getTime())) {
    throw validationError({ pass_date: ['The pass date cannot be in the future.'] });
  }
  if (!input.force) {
    const open = await em.count(Enrollment, { userId: user.id, courseId: course.id, status: { $ne: 'passed' } });
    if (open > 0) throw validationError({ course_id: ['This learner is already enrolled on this course.'] });
  }
  const validityYears = (await courseValidityFor(em, user.companyId, course.id)) ?? course.validityPeriod;

  const enrollment = await em.transactional(async (tx) => {
    if (!input.force) {
      const account = await tx.findOne(CreditAccount, { companyId: user.companyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
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
    } as never);
    await tx.flush();
    if (!input.force) {
      tx.create(CreditTransaction, { companyId: user.companyId, delta: -course.creditCost, kind: 'enrolment', enrollmentId: created.id } as never);
    }
    return created;
  });

  if (passedAt && input.sendPassEmail && user.email) {
    const verifyUrl = `${input.appUrl}/verify?code=${enrollment.certificateCode}`;
    await mailer
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
