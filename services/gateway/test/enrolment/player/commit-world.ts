import { expect } from 'vitest';
import { createTestPlatform, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany, makeSession, makeUser } from '@portal/identity-service/testing';
import { makeCourse, makeSco } from '@portal/catalogue-service/testing';
import { createEnrolmentApp, enrolmentService } from '@portal/enrolment-service';
import { makeEnrolment } from '@portal/enrolment-service/testing';
import { identityService } from '@portal/identity-service';
import { catalogueService } from '@portal/catalogue-service';
import type { CourseSco } from '@portal/service-kit';

/** One player launch of a new enrolment: its attempt, its first SCO's commit address and the CMI it starts from. */
export interface Launch {
  enrollmentId: number;
  attemptId: number;
  url: string;
  /** Every SCO's commit address, in the package's order. */
  urls: string[];
  cmi: Record<string, string>;
}

/**
 * The commit tests' world (commit-limits, commit-size): identity, catalogue and enrolment on a
 * fresh database with a clock the tests move, one learner signed in, and launches of new courses.
 */
export async function createCommitWorld() {
  const clock = { now: new Date('2026-06-15T12:00:00Z') };
  const platform: TestPlatform = await createTestPlatform({
    services: [identityService, catalogueService, enrolmentService],
    now: () => clock.now,
  });
  const app = createEnrolmentApp(platform);
  const em = platform.orm.em.fork();
  const companyId = (await makeCompany(em, {})).id;
  const learnerId = (await makeUser(em, { role: 'learner', companyId })).id;
  const session = await makeSession(em, learnerId);
  const client = () => new TestClient(app, { sessionToken: session });

  async function launch(enrolmentId: number): Promise<Launch> {
    const response = await client().request(`/api/learn/${enrolmentId}/launch`, { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { attempt_id: number; scos: { commit_url: string; cmi: Record<string, string> }[] };
    const urls = body.scos.map((sco) => sco.commit_url);
    return { enrollmentId: enrolmentId, attemptId: body.attempt_id, url: urls[0]!, urls, cmi: body.scos[0]!.cmi };
  }

  /** A new course of `scos` (one by default), the learner enrolled on it and launched. */
  async function launchNew(version: '1.2' | '2004', scos: CourseSco[] = [makeSco('sco-1')]): Promise<Launch> {
    const fork = platform.orm.em.fork();
    const course = await makeCourse(fork, { validityPeriod: 1, package: { version, scos } });
    return launch((await makeEnrolment(fork, { userId: learnerId, courseId: course.id, companyId })).id);
  }

  return { clock, platform, client, launch, launchNew, close: () => platform.close() };
}
