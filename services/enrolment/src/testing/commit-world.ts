import { expect } from 'vitest';
import type { CourseSco } from '@portal/service-kit';
import { makeSco, TestClient } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld } from './enrolment-test-world';
import { makeEnrolment } from './factories';

/** One player launch of a new enrolment: its attempt, its first SCO's commit address and the CMI it starts from. */
export interface Launch {
  enrolmentId: number;
  attemptId: number;
  url: string;
  /** Every SCO's commit address, in the package's order. */
  urls: string[];
  cmi: Record<string, string>;
}

/**
 * The commit tests' world (commit-limits, commit-size): enrolment on a fresh database (identity
 * and catalogue the kit's fakes) with a clock the tests move, one learner signed in, and launches of new courses.
 */
export async function createCommitWorld() {
  const clock = { now: new Date('2026-06-15T12:00:00Z') };
  const world = await createEnrolmentTestWorld({ now: () => clock.now });
  const { platform, app } = world;
  const companyId = world.identity.company().id;
  const learnerId = world.identity.user({ role: 'learner', companyId }).id;
  const session = world.identity.signIn(learnerId);
  const client = () => new TestClient(app, { sessionToken: session });

  async function launch(enrolmentId: number): Promise<Launch> {
    const response = await client().request(`/api/learn/${enrolmentId}/launch`, { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { attempt_id: number; scos: { commit_url: string; cmi: Record<string, string> }[] };
    const urls = body.scos.map((sco) => sco.commit_url);
    return { enrolmentId, attemptId: body.attempt_id, url: urls[0]!, urls, cmi: body.scos[0]!.cmi };
  }

  /** A new course of `scos` (one by default), the learner enrolled on it and launched. */
  async function launchNew(version: '1.2' | '2004', scos: CourseSco[] = [makeSco('sco-1')]): Promise<Launch> {
    const fork = platform.orm.em.fork();
    const course = world.catalogue.course({ validityYears: 1, package: { version, scos } });
    return launch((await makeEnrolment(fork, { userId: learnerId, courseId: course.id, companyId })).id);
  }

  return { clock, platform, client, launch, launchNew, close: () => world.close() };
}
