import type { AdminEnrollment } from '@portal/contracts';
import { notFound, validationError, type AuditLog, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { addYears } from '../enrollments/validity';
import { issueCertificate } from '../certificates/issue-certificate';
import { refundEnrolments } from '../credits/charge-credits';
import type { IEnrollment } from '../enrollments/enrollment.entity';
import { enrollmentsOfUser, findEnrollment } from '../enrollments/enrollment.repository';
import { deleteEnrollments } from './remove-enrollments';

export const ALREADY_PASSED = 'This enrolment is already passed.';
const DELETED_COURSE = 'Deleted course';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'jobs'> & { audit?: AuditLog };

function toAdminEnrollment(e: IEnrollment, courseName: string): AdminEnrollment {
  return {
    id: e.id,
    course: { id: e.courseId, name: courseName },
    status: e.status,
    created_at: e.createdAt.toISOString(),
    passed_at: e.passedAt?.toISOString() ?? null,
    expires_at: e.expiresAt?.toISOString() ?? null,
    certificate_code: e.certificateCode ?? null,
    manual_pass:
      e.manualPassReason && e.manualPassAt ? { reason: e.manualPassReason, by: e.manualPassBy ?? '', at: e.manualPassAt.toISOString() } : null,
  };
}

/** Every enrolment of a user, newest first, with the course names (catalogue). */
export async function userEnrollmentList(em: Em, deps: Deps, userId: number): Promise<AdminEnrollment[]> {
  const [user] = await deps.identity.usersByIds([userId]);
  if (!user) throw notFound('That user');
  const enrollments = await enrollmentsOfUser(em, userId);
  const courses = await deps.catalogue.coursesByIds([...new Set(enrollments.map((e) => e.courseId))]);
  const names = new Map(courses.map((c) => [c.id, c.name]));
  return enrollments.map((e) => toAdminEnrollment(e, names.get(e.courseId) ?? DELETED_COURSE));
}

/**
 * An admin passes an enrolment by hand: passed today (deps.now) with a certificate code and an
 * expiry from the course's validity for the enrolment's company; the reason is kept with who
 * (the admin's name then, and id) and when.
 */
export async function manualPass(em: Em, deps: Deps, input: { enrollmentId: number; reason: string; by: Pick<Principal, 'userId' | 'name'>; now: Date }): Promise<AdminEnrollment> {
  const enrollment = await findEnrollment(em, input.enrollmentId);
  if (!enrollment) throw notFound('That enrolment');
  if (enrollment.status === 'passed') throw validationError({ reason: [ALREADY_PASSED] });
  const [course] = await deps.catalogue.coursesByIds([enrollment.courseId], { companyId: enrollment.companyId });
  if (!course) throw notFound('That course');
  enrollment.status = 'passed';
  enrollment.passedAt = input.now;
  enrollment.startedAt ??= input.now;
  enrollment.expiresAt = addYears(input.now, course.validityYears);
  enrollment.manualPassReason = input.reason;
  enrollment.manualPassById = input.by.userId;
  enrollment.manualPassBy = input.by.name;
  enrollment.manualPassAt = input.now;
  await deps.audit?.record({ actor: { userId: input.by.userId, name: input.by.name, role: 'admin' }, action: 'enrollment.manual-pass', companyId: enrollment.companyId, subject: { type: 'enrollment', id: enrollment.id }, details: { user_id: enrollment.userId, course_id: enrollment.courseId, reason: input.reason } }, { em });
  await em.flush();
  await issueCertificate(em, deps, enrollment, input.now);
  return toAdminEnrollment(enrollment, course.name);
}

/**
 * Deletes one of a user's enrolments with what hangs off it; one not yet started is refunded to
 * whoever paid for it (refundEnrolments reads the ledger: a forced enrolment refunds nothing).
 * Answers the user's remaining enrolments and the credits given back.
 */
export async function deleteUserEnrollment(em: Em, input: { userId: number; enrollmentId: number; actor: Pick<Principal, 'userId' | 'name'>; audit?: AuditLog }): Promise<{ remaining: number; refunded: number }> {
  const enrollment = await findEnrollment(em, input.enrollmentId);
  if (!enrollment || enrollment.userId !== input.userId) throw notFound('That enrolment');
  const refunded = await em.transactional(async (tx) => {
    const back =
      enrollment.status === 'not_started'
        ? await refundEnrolments(tx, { enrollmentIds: [enrollment.id], actor: { userId: input.actor.userId, name: input.actor.name }, reason: 'Enrolment deleted by an admin' })
        : 0;
    await input.audit?.record({ actor: { userId: input.actor.userId, name: input.actor.name, role: 'admin' }, action: 'enrollment.deleted', companyId: enrollment.companyId, subject: { type: 'enrollment', id: enrollment.id }, details: { user_id: enrollment.userId, course_id: enrollment.courseId, refunded: back } }, { em: tx });
    await deleteEnrollments(tx, [enrollment.id]);
    return back;
  });
  const remaining = (await enrollmentsOfUser(em.fork(), input.userId)).length;
  return { remaining, refunded };
}
