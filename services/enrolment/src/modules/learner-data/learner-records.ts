import type { Em, LearnerRecords } from '@portal/service-kit';
import { Enrolment } from '../enrolments/enrolment.entity';
import { ScoState, ScormLogEntry } from '../player/scorm.entity';
import { LearnerActivity } from '../activities/learner-activity.entity';
import { CertificateRecord } from '../certificates/certificate.entity';
import { learnerCertificateState, verifyPath } from './certificate-state';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** Everything enrolment holds about one learner (EnrolmentPort.learnerRecords), for their data export. */
export async function learnerRecordsOf(em: Em, userId: number, now: Date): Promise<LearnerRecords> {
  const enrolments = await em.find(Enrolment, { userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const ids = enrolments.map((e) => e.id);
  const [scos, log, activities] = ids.length
    ? await Promise.all([
        em.find(ScoState, { enrolmentId: { $in: ids } }, { orderBy: { enrolmentId: 'asc', id: 'asc' } }),
        em.find(ScormLogEntry, { userId, enrolmentId: { $in: ids } }, { orderBy: { id: 'asc' } }),
        em.find(LearnerActivity, { enrolmentId: { $in: ids } }, { orderBy: { enrolmentId: 'asc', id: 'asc' } }),
      ])
    : [[], [], []];
  // The certificates themselves (every one issued, revoked and renewed ones too), not the enrolments' mirror of the current code.
  const held = await em.find(CertificateRecord, { userId }, { orderBy: { issuedAt: 'asc', id: 'asc' } });

  return {
    enrollments: enrolments.map((e) => ({
      id: e.id,
      courseId: e.courseId,
      companyId: e.companyId,
      status: e.status,
      score: e.score ?? null,
      enrolledAt: e.createdAt.toISOString(),
      startedAt: iso(e.startedAt),
      passedAt: iso(e.passedAt),
      expiresAt: iso(e.expiresAt),
    })),
    results: scos.map((s) => ({
      enrollmentId: s.enrolmentId,
      sco: s.scoIdentifier,
      progress: s.progress,
      lessonStatus: s.lessonStatus ?? null,
      scoreRaw: s.scoreRaw ?? null,
      scoreMin: s.scoreMin ?? null,
      scoreMax: s.scoreMax ?? null,
      totalTime: s.totalTime ?? null,
      updatedAt: s.updatedAt.toISOString(),
    })),
    scormLog: log.map((entry) => ({
      enrollmentId: entry.enrolmentId,
      sco: entry.scoIdentifier,
      slideLocation: entry.slideLocation ?? null,
      lessonStatus: entry.lessonStatus ?? null,
      sessionTime: entry.sessionTime ?? null,
      scoreRaw: entry.scoreRaw ?? null,
      scoreMin: entry.scoreMin ?? null,
      scoreMax: entry.scoreMax ?? null,
      totalTime: entry.totalTime ?? null,
      at: entry.createdAt.toISOString(),
    })),
    activities: activities.map((a) => ({ enrollmentId: a.enrolmentId, activityId: a.activityId, completedAt: iso(a.completedAt) })),
    certificates: held.map((c) => ({
      enrollmentId: c.enrolmentId,
      courseId: c.courseId,
      code: c.code,
      passedAt: iso(c.issuedAt),
      expiresAt: iso(c.expiresAt),
      state: learnerCertificateState(c, now),
      verifyPath: verifyPath(c.code),
    })),
  };
}
