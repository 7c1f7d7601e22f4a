import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Role } from '@portal/contracts';
import type { CourseSco, Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { Enrolment } from '../modules/enrolments/enrolment.entity';
import { ScormLogEntry } from '../modules/player/scorm.entity';
import { createEnrolmentTestWorld, type EnrolmentTestWorld } from './enrolment-test-world';
import { makeEnrolment } from './factories';

export const unique = () => randomBytes(4).toString('hex');
/** Whole seconds, as MySQL DATETIME keeps them. */
export const NOW = new Date('2026-06-15T12:00:00Z');

export interface Launch {
  attempt_id: number;
  start_index: number;
  version: string;
  finish_url: string;
  enrollment: { status: string };
  scos: { identifier: string; url: string; commit_url: string; progress: string; cmi: Record<string, string> }[];
}

/**
 * The player route tests' world, shared by their files: enrolment alone (fake identity and
 * catalogue) at a fixed clock, a company with a learner (Jane Smith), another learner and a
 * manager signed in, and the helpers that launch and commit like the player does. Registers its
 * own beforeAll/afterAll; `state()` answers once the world is made.
 */
export function usePlayerWorld() {
  let world: EnrolmentTestWorld;
  let companyId: number;
  let learnerId: number;
  const sessions = {} as Record<'learner' | 'otherLearner' | 'manager', string>;

  function makeUser(_em: Em, role: Role, name = `${role} ${unique()}`) {
    return world.identity.user({ role, companyId, name });
  }
  function makeCourse(_em: Em, version: '1.2' | '2004', scos: CourseSco[], validityPeriod = 3) {
    return world.catalogue.course({ validityYears: validityPeriod, package: { version, scos } });
  }
  async function enrol(em: Em, userId: number, courseId: number) {
    return (await makeEnrolment(em, { userId, courseId, companyId })).id;
  }
  const client = (session?: string) => new TestClient(world.app, session ? { sessionToken: session } : {});
  async function launch(enrolmentId: number, session = sessions.learner, query = ''): Promise<Launch> {
    const response = await client(session).request(`/api/learn/${enrolmentId}/launch${query}`, { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    return (await response.json()) as Launch;
  }
  /** Commits like scorm-again: JSON by XHR, or text/plain without the XSRF header like sendBeacon. */
  async function commit(
    url: string,
    seq: number,
    cmi: Record<string, unknown>,
    options: { final?: boolean; beacon?: boolean; session?: string } = {},
  ) {
    const target = options.final ? `${url}&final=true` : url;
    const body = JSON.stringify({ cmi, seq });
    return client(options.session ?? sessions.learner).request(target, {
      method: 'POST',
      body,
      headers: { 'Content-Type': options.beacon ? 'text/plain;charset=UTF-8' : 'application/json;charset=UTF-8' },
      withXsrf: !options.beacon,
    });
  }
  async function enrolmentRow(id: number) {
    return world.em().findOneOrFail(Enrolment, { id });
  }
  async function logOf(enrolmentId: number) {
    return world.em().find(ScormLogEntry, { enrolmentId }, { orderBy: { id: 'asc' } });
  }

  beforeAll(async () => {
    world = await createEnrolmentTestWorld({ now: () => NOW });
    const em = world.em();
    const company = await world.identity.company({ name: `Builders ${unique()}` });
    companyId = company.id;
    const learner = await makeUser(em, 'learner', 'Jane Smith');
    learnerId = learner.id;
    sessions.learner = await world.identity.signIn(learner.id);
    sessions.otherLearner = await world.identity.signIn((await makeUser(em, 'learner')).id);
    sessions.manager = await world.identity.signIn((await makeUser(em, 'manager')).id);
  });
  afterAll(() => world.close());

  return {
    state: (): { world: EnrolmentTestWorld; platform: TestPlatform; companyId: number; learnerId: number } => ({
      world,
      platform: world.platform,
      companyId,
      learnerId,
    }),
    sessions,
    makeUser,
    makeCourse,
    enrol,
    client,
    launch,
    commit,
    enrolmentRow,
    logOf,
  };
}
