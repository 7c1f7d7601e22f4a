import type { AdminEnrolment } from '@portal/contracts';
import { notFound, validationError, type AuditLog, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { addYears } from '../enrolments/validity';
import { issueCertificate } from '../certificates/issue-certificate';
import { refundEnrolments } from '../credits/charge-credits';
import type { IEnrolment } from '../enrolments/enrolment.entity';
import { enrolmentsOfUser, findEnrolment } from '../enrolments/enrolment.repository';
import { deleteEnrolments } from './remove-enrolments';

export const ALREADY_PASSED = 'This enrolment is already passed.';
const DELETED_COURSE = 'Deleted course';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'jobs'> & { audit?: AuditLog };

function toAdminEnrolment(e: IEnrolment, courseName: string): AdminEnrolment {
  return {
    id: e.id,
    course: { id: e.courseId, name: courseName },
    status: e.status,
    created_at: e.createdAt.toISOString(),
    passed_at: e.passedAt?.toISOString() ?? null,
    expires_at: e.expiresAt?.toISOString() ?? null,
    certificate_code: e.certificateCode ?? null,
    manual_pass:
      e.manualPassReason && e.manualPassAt
        ? { reason: e.manualPassReason, by: e.manualPassBy ?? '', at: e.manualPassAt.toISOString() }
        : null,
  };
}

/** Every enrolment of a user, newest first, with the course names (catalogue). */
export async function userEnrolmentList(em: Em, deps: Deps, userId: number): Promise<AdminEnrolment[]> {
  const [user] = await deps.identity.usersByIds([userId]);
  if (!user) throw notFound('That user');
  const enrolments = await enrolmentsOfUser(em, userId);
  const courses = await deps.catalogue.coursesByIds([...new Set(enrolments.map((e) => e.courseId))]);
  const names = new Map(courses.map((c) => [c.id, c.name]));
  return enrolments.map((e) => toAdminEnrolment(e, names.get(e.courseId) ?? DELETED_COURSE));
}

/**
 * An admin passes an enrolment by hand: passed today (deps.now) with a certificate code and an
 * expiry from the course's validity for the enrolment's company; the reason is kept with who
 * (the admin's name then, and id) and when.
 */
export async function manualPass(
  em: Em,
  deps: Deps,
  input: { enrolmentId: number; reason: string; by: Pick<Principal, 'userId' | 'name'>; now: Date },
): Promise<AdminEnrolment> {
  const enrolment = await findEnrolment(em, input.enrolmentId);
  if (!enrolment) throw notFound('That enrolment');
  if (enrolment.status === 'passed') throw validationError({ reason: [ALREADY_PASSED] });
  const [course] = await deps.catalogue.coursesByIds([enrolment.courseId], { companyId: enrolment.companyId });
  if (!course) throw notFound('That course');
  enrolment.status = 'passed';
  enrolment.passedAt = input.now;
  enrolment.startedAt ??= input.now;
  enrolment.expiresAt = addYears(input.now, course.validityYears);
  enrolment.manualPassReason = input.reason;
  enrolment.manualPassById = input.by.userId;
  enrolment.manualPassBy = input.by.name;
  enrolment.manualPassAt = input.now;
  await deps.audit?.record(
    {
      actor: { userId: input.by.userId, name: input.by.name, role: 'admin' },
      action: 'enrollment.manual-pass',
      companyId: enrolment.companyId,
      subject: { type: 'enrollment', id: enrolment.id },
      details: { user_id: enrolment.userId, course_id: enrolment.courseId, reason: input.reason },
    },
    { em },
  );
  await em.flush();
  await issueCertificate(em, deps, enrolment, input.now);
  return toAdminEnrolment(enrolment, course.name);
}

/**
 * Deletes one of a user's enrolments with what hangs off it; one not yet started is refunded to
 * whoever paid for it (refundEnrolments reads the ledger: a forced enrolment refunds nothing).
 * Answers the user's remaining enrolments and the credits given back.
 */
export async function deleteUserEnrolment(
  em: Em,
  input: { userId: number; enrolmentId: number; actor: Pick<Principal, 'userId' | 'name'>; audit?: AuditLog },
): Promise<{ remaining: number; refunded: number }> {
  const enrolment = await findEnrolment(em, input.enrolmentId);
  if (!enrolment || enrolment.userId !== input.userId) throw notFound('That enrolment');
  const refunded = await em.transactional(async (tx) => {
    const back =
      enrolment.status === 'not_started'
        ? await refundEnrolments(tx, {
            enrolmentIds: [enrolment.id],
            actor: { userId: input.actor.userId, name: input.actor.name },
            reason: 'Enrolment deleted by an admin',
          })
        : 0;
    await input.audit?.record(
      {
        actor: { userId: input.actor.userId, name: input.actor.name, role: 'admin' },
        action: 'enrollment.deleted',
        companyId: enrolment.companyId,
        subject: { type: 'enrollment', id: enrolment.id },
        details: { user_id: enrolment.userId, course_id: enrolment.courseId, refunded: back },
      },
      { em: tx },
    );
    await deleteEnrolments(tx, [enrolment.id]);
    return back;
  });
  const remaining = (await enrolmentsOfUser(em.fork(), input.userId)).length;
  return { remaining, refunded };
}
