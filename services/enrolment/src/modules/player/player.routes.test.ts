import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contracts';
import type { CourseSco, Em } from '@portal/service-kit';
import { makeSco as sco, TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../../testing';
import { Enrolment } from '../enrolments/enrolment.entity';
import { ScoState, ScormInteraction, ScormLogEntry, ScormObjective } from './scorm.entity';
import { contentTokenSecret, verifyContentToken } from './content-token';

const unique = () => randomBytes(4).toString('hex');
/** Whole seconds, as MySQL DATETIME keeps them. */
const NOW = new Date('2026-06-15T12:00:00Z');

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
let companyId: number;
const sessions = {} as Record<'learner' | 'otherLearner' | 'manager', string>;
let learnerId: number;

function makeUser(em: Em, role: Role, name = `${role} ${unique()}`) {
  return world.identity.user({ role, companyId, name });
}

function makeCourse(em: Em, version: '1.2' | '2004', scos: CourseSco[], validityPeriod = 3) {
  return world.catalogue.course({ validityYears: validityPeriod, package: { version, scos } });
}

async function enrol(em: Em, userId: number, courseId: number) {
  return (await makeEnrolment(em, { userId, courseId, companyId })).id;
}

const client = (session?: string) => new TestClient(app, session ? { sessionToken: session } : {});

interface Launch {
  attempt_id: number;
  start_index: number;
  version: string;
  finish_url: string;
  enrollment: { status: string };
  scos: { identifier: string; url: string; commit_url: string; progress: string; cmi: Record<string, string> }[];
}
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
  return platform.orm.em.fork().findOneOrFail(Enrolment, { id });
}
async function logOf(enrolmentId: number) {
  return platform.orm.em.fork().find(ScormLogEntry, { enrollmentId: enrolmentId }, { orderBy: { id: 'asc' } });
}

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  const em = platform.orm.em.fork();
  const company = await world.identity.company({ name: `Builders ${unique()}` });
  companyId = company.id;
  const learner = await makeUser(em, 'learner', 'Jane Smith');
  learnerId = learner.id;
  sessions.learner = await world.identity.signIn(learner.id);
  sessions.otherLearner = await world.identity.signIn((await makeUser(em, 'learner')).id);
  sessions.manager = await world.identity.signIn((await makeUser(em, 'manager')).id);
});
afterAll(() => platform.close());

describe('launching the player', () => {
  it('gives the enrolled learner each SCO with its URL, commit URL and the CMI to load, and starts the course', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [
      sco('intro', { masteryScore: 80, dataFromLms: 'lang=en', href: 'intro/index.html?page=1' }),
    ]);
    const id = await enrol(em, learnerId, course.id);
    const body = await launch(id);
    expect(body.version).toBe('1.2');
    expect(body.finish_url).toBe('/');
    expect(body.start_index).toBe(0);
    expect(body.enrollment.status).toBe('in_progress');
    const [first] = body.scos;
    // Framed from the content origin, by a token good for this attempt's course only (issue 13 item 2).
    const url = new URL(first!.url);
    expect(url.origin).toBe(platform.env.contentOriginUrl);
    expect(url.pathname + url.search).toMatch(
      new RegExp(`^/c/${body.attempt_id}\\.${course.id}\\.\\d+\\.[\\w-]{43}/intro/index\\.html\\?page=1$`),
    );
    const token = url.pathname.split('/')[2]!;
    expect(verifyContentToken(contentTokenSecret(platform.env), token, NOW)).toEqual({ attemptId: body.attempt_id, courseId: course.id });
    expect(verifyContentToken(contentTokenSecret(platform.env), token, new Date(NOW.getTime() + 8 * 3600_000))).toBeNull();
    expect(first!.commit_url).toMatch(new RegExp(`^/api/learn/attempts/${body.attempt_id}/commit\\?sco=intro&token=`));
    expect(first!.cmi).toEqual({
      'cmi.core.student_id': String(learnerId),
      'cmi.core.student_name': 'Smith, Jane',
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_mode': 'normal',
      'cmi.core.entry': 'ab-initio',
      'cmi.student_data.mastery_score': '80',
      'cmi.launch_data': 'lang=en',
    });
    const row = await enrolmentRow(id);
    expect(row.status).toBe('in_progress');
    expect(row.startedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it('answers 404 to anyone but the enrolled learner, so enrolments cannot be probed, and 401 without a session', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('a')]);
    const id = await enrol(em, learnerId, course.id);
    for (const session of [sessions.otherLearner, sessions.manager]) {
      const response = await client(session).request(`/api/learn/${id}/launch`, { method: 'POST', json: {} });
      expect(response.status).toBe(404);
      const missing = await client(session).request(`/api/learn/999999/launch`, { method: 'POST', json: {} });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual(await response.json());
      expect((await client(session).request(`/api/learn/${id}`)).status).toBe(404);
    }
    expect((await client().request(`/api/learn/${id}/launch`, { method: 'POST', json: {} })).status).toBe(401);
    expect((await enrolmentRow(id)).status).toBe('not_started');
  });

  it('sends a bridging course to its activities page when finished', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('a')]);
    course.hasBridging = true;
    await em.flush();
    const id = await enrol(em, learnerId, course.id);
    expect((await launch(id)).finish_url).toBe(`/learn/${id}/activities`);
    const summary = (await (await client(sessions.learner).request(`/api/learn/${id}`)).json()) as { activities_url: string };
    expect(summary.activities_url).toBe(`/learn/${id}/activities`);
  });
});

describe('commits', () => {
  it('stores every commit in the learner’s SCORM log, from XHR and from a beacon without the XSRF header', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('golf')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    const url = scos[0]!.commit_url;
    const first = await commit(url, 1, {
      core: { lesson_location: '3', lesson_status: 'incomplete', session_time: '0000:00:07', score: { raw: '', min: '', max: '' } },
      suspend_data: 'page=3',
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ result: true, errorCode: 0, applied: true, superseded: false });
    const last = await commit(
      url,
      2,
      {
        core: {
          lesson_location: '14',
          lesson_status: 'passed',
          session_time: '00:01:05',
          total_time: '0000:01:05.00',
          exit: '',
          score: { raw: '90', min: '0', max: '100' },
        },
        suspend_data: 'page=14',
      },
      { final: true, beacon: true },
    );
    expect(last.status).toBe(200);

    const log = await logOf(id);
    expect(
      log.map((l) => [
        l.seq,
        l.slideLocation,
        l.lessonStatus,
        l.sessionTime,
        l.sessionSeconds,
        l.scoreRaw,
        l.scoreMin,
        l.scoreMax,
        l.totalTime,
        l.suspendData,
        l.isFinal,
      ]),
    ).toEqual([
      [1, '3', 'incomplete', '0000:00:07', 7, null, null, null, null, 'page=3', false],
      [2, '14', 'passed', '00:01:05', 65, '90', '0', '100', '0000:01:05.00', 'page=14', true],
    ]);
    expect(log.every((l) => l.userId === learnerId)).toBe(true);
  });

  it('passes the enrolment on a 1.2 "passed": passed_at, expiry from the validity years, a certificate code and the score', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('golf')], 3);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(
      scos[0]!.commit_url,
      1,
      { core: { lesson_status: 'passed', score: { raw: '85', min: '0', max: '100' } } },
      { final: true, beacon: true },
    );
    const row = await enrolmentRow(id);
    expect(row.status).toBe('passed');
    expect(row.score).toBe(85);
    expect(row.passedAt?.toISOString()).toBe(NOW.toISOString());
    expect(row.expiresAt?.toISOString()).toBe('2029-06-15T12:00:00.000Z');
    expect(row.certificateCode).toMatch(/^([0-9A-Z]{4}-){3}[0-9A-Z]{4}$/);
  });

  it('uses the company’s own certificate expiry when it set one', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('golf')], 3);
    world.catalogue.setValidity(companyId, course.id, 5);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(scos[0]!.commit_url, 1, { core: { lesson_status: 'passed' } }, { final: true });
    expect((await enrolmentRow(id)).expiresAt?.toISOString()).toBe('2031-06-15T12:00:00.000Z');
  });

  it('marks a failed quiz Failed and an unfinished course In Progress', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('golf')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(scos[0]!.commit_url, 1, { core: { lesson_status: 'incomplete' } });
    expect((await enrolmentRow(id)).status).toBe('in_progress');
    await commit(scos[0]!.commit_url, 2, { core: { lesson_status: 'failed', score: { raw: '40' } } }, { final: true });
    const row = await enrolmentRow(id);
    expect(row.status).toBe('failed');
    expect(row.score).toBe(40);
    expect(row.passedAt).toBeNull();
  });

  it('changes nothing for a repeated or late commit', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('golf')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    const url = scos[0]!.commit_url;
    await commit(url, 1, { core: { lesson_location: '1', lesson_status: 'incomplete' } });
    await commit(url, 3, { core: { lesson_location: '3', lesson_status: 'incomplete' } });
    const repeated = await commit(url, 3, { core: { lesson_location: '3', lesson_status: 'incomplete' } });
    const late = await commit(url, 2, { core: { lesson_location: '2', lesson_status: 'failed' } });
    expect(repeated.status).toBe(200);
    expect(late.status).toBe(200);
    // A repeat is not superseded: a device sending its queue again just drops it.
    expect(await repeated.json()).toMatchObject({ applied: false, superseded: false });
    expect(await late.json()).toMatchObject({ applied: false, superseded: false });
    expect((await logOf(id)).map((l) => l.seq)).toEqual([1, 3]);
    const state = await platform.orm.em.fork().findOneOrFail(ScoState, { enrollmentId: id });
    expect(state.location).toBe('3');
    expect((await enrolmentRow(id)).status).toBe('in_progress');

    // A commit from an older session of the same enrolment, arriving after a newer session's, changes nothing either.
    const newer = await launch(id);
    await commit(newer.scos[0]!.commit_url, 1, { core: { lesson_location: '5', lesson_status: 'incomplete' } });
    const older = await commit(url, 4, { core: { lesson_location: '4', lesson_status: 'incomplete' } });
    // The older session is told it was continued somewhere else (docs/decisions.md "Offline player").
    expect(await older.json()).toMatchObject({ applied: false, superseded: true });
    expect((await platform.orm.em.fork().findOneOrFail(ScoState, { enrollmentId: id })).location).toBe('5');
  });

  it('keeps suspend data whole whatever its length', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('golf')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    const suspendData = `${'é~'.repeat(40_000)}end`;
    await commit(scos[0]!.commit_url, 1, { completion_status: 'incomplete', location: 'p7', suspend_data: suspendData, exit: 'suspend' });
    const state = await platform.orm.em.fork().findOneOrFail(ScoState, { enrollmentId: id });
    expect(state.suspendData).toBe(suspendData);
    expect((await logOf(id))[0]!.suspendData).toBe(suspendData);
    const resumed = await launch(id);
    expect(resumed.scos[0]!.cmi['cmi.suspend_data']).toBe(suspendData);
  });

  it('refuses a wrong token, another learner, or an unknown SCO, and stores nothing', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('golf')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos, attempt_id } = await launch(id);
    const url = scos[0]!.commit_url;
    const wrongToken = url.replace(/token=[^&]+/, `token=${'x'.repeat(32)}`);
    expect((await commit(wrongToken, 1, { core: { lesson_status: 'passed' } }, { beacon: true })).status).toBe(404);
    expect((await commit(url, 1, { core: { lesson_status: 'passed' } }, { session: sessions.otherLearner })).status).toBe(404);
    expect((await commit(url.replace('sco=golf', 'sco=nope'), 1, { core: { lesson_status: 'passed' } })).status).toBe(422);
    expect(
      (await commit(url.replace(`/attempts/${attempt_id}/`, '/attempts/999999/'), 1, { core: { lesson_status: 'passed' } })).status,
    ).toBe(404);
    const anonymous = await client().request(url, {
      method: 'POST',
      body: JSON.stringify({ cmi: {}, seq: 1 }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(anonymous.status).toBe(401);
    expect(await logOf(id)).toEqual([]);
    expect((await enrolmentRow(id)).status).toBe('in_progress');
  });
});

describe('resume', () => {
  it('starts the next launch from the last location and suspend data, with the time so far', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('golf')]);
    const id = await enrol(em, learnerId, course.id);
    const first = await launch(id);
    await commit(
      first.scos[0]!.commit_url,
      1,
      {
        core: { lesson_location: '6', lesson_status: 'incomplete', exit: 'suspend', session_time: '0000:02:00', total_time: '0000:02:00' },
        suspend_data: 'a=1',
      },
      { final: true, beacon: true },
    );
    const again = await launch(id);
    expect(again.attempt_id).toBeGreaterThan(first.attempt_id);
    expect(again.scos[0]!.cmi).toMatchObject({
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_location': '6',
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.total_time': '0000:02:00.00',
      'cmi.suspend_data': 'a=1',
    });
  });

  it('starts a finished SCO afresh', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('golf')]);
    const id = await enrol(em, learnerId, course.id);
    const first = await launch(id);
    await commit(first.scos[0]!.commit_url, 1, { core: { lesson_location: '14', lesson_status: 'failed', exit: '' } }, { final: true });
    const cmi = (await launch(id)).scos[0]!.cmi;
    expect(cmi['cmi.core.lesson_location']).toBeUndefined();
    expect(cmi['cmi.core.entry']).toBeUndefined();
  });
});

describe('Re-watch Course (launch from=start)', () => {
  it('opens the first SCO from its first page where Continue resumes, and a passed course stays passed (issue 24 item 4)', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('alpha'), sco('bravo')]);
    const id = await enrol(em, learnerId, course.id);
    const first = await launch(id);
    // Both SCOs passed, each left suspended on its last page (as many authoring tools do).
    await commit(
      first.scos[0]!.commit_url,
      1,
      { core: { lesson_location: '9', lesson_status: 'passed', exit: 'suspend', score: { raw: '80' } }, suspend_data: 'alpha=9' },
      { final: true },
    );
    await commit(
      first.scos[1]!.commit_url,
      2,
      { core: { lesson_location: '7', lesson_status: 'passed', exit: 'suspend', score: { raw: '90' } }, suspend_data: 'bravo=7' },
      { final: true },
    );
    const passed = await em.fork().findOneOrFail(Enrolment, { id });
    expect(passed.status).toBe('passed');

    // Continue resumes where the content was left.
    expect((await launch(id)).scos[0]!.cmi).toMatchObject({
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_location': '9',
      'cmi.suspend_data': 'alpha=9',
    });
    // Re-watch starts afresh from the first SCO.
    const rewatch = await launch(id, sessions.learner, '?from=start');
    expect(rewatch.start_index).toBe(0);
    for (const launched of rewatch.scos) {
      expect(launched.cmi['cmi.core.entry']).toBe('ab-initio');
      expect(launched.cmi['cmi.core.lesson_location']).toBeUndefined();
      expect(launched.cmi['cmi.suspend_data']).toBeUndefined();
      expect(launched.cmi['cmi.core.lesson_status']).toBeUndefined();
    }
    // Watching again reports 'incomplete' on page 1: the result stays, with its date, score and certificate.
    await commit(
      rewatch.scos[0]!.commit_url,
      1,
      { core: { lesson_location: '1', lesson_status: 'incomplete', exit: 'suspend' } },
      { final: true },
    );
    const after = await em.fork().findOneOrFail(Enrolment, { id });
    expect({ status: after.status, passedAt: after.passedAt, score: after.score, code: after.certificateCode }).toEqual({
      status: 'passed',
      passedAt: passed.passedAt,
      score: passed.score,
      code: passed.certificateCode,
    });
  });

  it('refuses any other from', async () => {
    const em = platform.orm.em.fork();
    const id = await enrol(em, learnerId, (await makeCourse(em, '1.2', [sco('golf')])).id);
    expect((await client(sessions.learner).request(`/api/learn/${id}/launch?from=middle`, { method: 'POST', json: {} })).status).toBe(422);
  });
});

describe('a multi-SCO course', () => {
  it('completes SCOs that set nothing when they finish, resumes at the first open SCO, and passes when all are done', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('one'), sco('two'), sco('three')]);
    const id = await enrol(em, learnerId, course.id);
    const first = await launch(id);
    expect(first.scos.map((s) => s.progress)).toEqual(['not-attempted', 'not-attempted', 'not-attempted']);
    await commit(first.scos[0]!.commit_url, 1, { core: { lesson_status: 'not attempted' } }, { final: true, beacon: true });
    await commit(first.scos[1]!.commit_url, 2, { core: { lesson_status: 'not attempted' } });
    expect((await enrolmentRow(id)).status).toBe('in_progress');

    const second = await launch(id);
    expect(second.scos.map((s) => s.progress)).toEqual(['completed', 'incomplete', 'not-attempted']);
    expect(second.start_index).toBe(1);
    await commit(second.scos[1]!.commit_url, 1, { core: { lesson_status: 'not attempted' } }, { final: true });
    expect((await enrolmentRow(id)).status).toBe('in_progress');
    await commit(second.scos[2]!.commit_url, 2, { core: {} }, { final: true });
    const row = await enrolmentRow(id);
    expect(row.status).toBe('passed');
    expect(row.score).toBeNull();
  });
});

describe('SCORM 2004', () => {
  it('loads learner, objectives and the scaled passing score, and uses success_status', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('golf', { scaledPassingScore: 0.7, objectiveIds: ['primary', 'obj-2'] })]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    expect(scos[0]!.cmi).toMatchObject({
      'cmi.learner_id': String(learnerId),
      'cmi.learner_name': 'Jane Smith',
      'cmi.credit': 'credit',
      'cmi.mode': 'normal',
      'cmi.entry': 'ab-initio',
      'cmi.scaled_passing_score': '0.7',
      'cmi.objectives.0.id': 'primary',
      'cmi.objectives.1.id': 'obj-2',
    });
    await commit(
      scos[0]!.commit_url,
      1,
      {
        completion_status: 'completed',
        success_status: 'passed',
        score: { scaled: '0.9', raw: '90', min: '0', max: '100' },
        session_time: 'PT1M5S',
      },
      { final: true, beacon: true },
    );
    const row = await enrolmentRow(id);
    expect(row.status).toBe('passed');
    expect(row.score).toBe(90);
    const [entry] = await logOf(id);
    expect(entry).toMatchObject({ lessonStatus: 'passed', sessionSeconds: 65, scoreRaw: '90' });
  });

  it('falls back to the manifest’s scaled passing score when the content sets no success status', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('golf', { scaledPassingScore: 0.8 })]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(
      scos[0]!.commit_url,
      1,
      { completion_status: 'completed', success_status: 'unknown', score: { scaled: '0.75' } },
      { final: true },
    );
    expect((await enrolmentRow(id)).status).toBe('failed');
  });
});

describe('issue 13: the player keeps every result', () => {
  it('item 8: a course pass mark passes score-only SCORM 2004 content (success unknown, incomplete, no passing score)', async () => {
    const em = platform.orm.em.fork();
    const course = await world.catalogue.course({ passMark: 70, package: { version: '2004', scos: [sco('quiz')] } });
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(
      scos[0]!.commit_url,
      1,
      { completion_status: 'incomplete', success_status: 'unknown', score: { scaled: '0.8', raw: '80' } },
      { final: true },
    );
    const row = await enrolmentRow(id);
    expect(row.status).toBe('passed');
    expect(row.score).toBe(80);

    const below = await enrol(
      em,
      learnerId,
      (await world.catalogue.course({ passMark: 70, package: { version: '2004', scos: [sco('quiz')] } })).id,
    );
    const second = await launch(below);
    await commit(
      second.scos[0]!.commit_url,
      1,
      { completion_status: 'incomplete', success_status: 'unknown', score: { scaled: '0.5' } },
      { final: true },
    );
    expect((await enrolmentRow(below)).status).toBe('in_progress');
  });

  it('item 9: a SCO’s last commit arriving after the next SCO’s first (numbered higher) still counts; gaps never block', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('one'), sco('two')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(scos[0]!.commit_url, 1, { core: { lesson_location: '1', lesson_status: 'incomplete' } });
    // The player moved on: SCO two's first commit (3) overtakes SCO one's final beacon (2).
    await commit(scos[1]!.commit_url, 3, { core: { lesson_status: 'incomplete' } });
    await commit(scos[0]!.commit_url, 2, { core: { lesson_location: '9', lesson_status: 'completed' } }, { final: true, beacon: true });
    const one = await platform.orm.em.fork().findOneOrFail(ScoState, { enrollmentId: id, scoIdentifier: 'one' });
    expect(one).toMatchObject({ location: '9', progress: 'completed', seq: 2 });
    // Numbers that skip (7 after 3: commits lost on the way) are applied; a repeat still changes nothing.
    await commit(scos[1]!.commit_url, 7, { core: { lesson_status: 'completed' } }, { final: true });
    const repeat = await commit(scos[1]!.commit_url, 7, { core: { lesson_status: 'incomplete' } });
    expect(repeat.status).toBe(200);
    expect((await enrolmentRow(id)).status).toBe('passed');
    expect((await logOf(id)).map((l) => l.seq)).toEqual([1, 3, 2, 7]);
  });

  it('item 10: stores objectives, interactions and progress measure, restores objectives on resume, and shows progress on the dashboard', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('quiz', { objectiveIds: ['primary'] })]);
    const id = await enrol(em, learnerId, course.id);
    const first = await launch(id);
    await commit(
      first.scos[0]!.commit_url,
      1,
      {
        completion_status: 'incomplete',
        exit: 'suspend',
        progress_measure: '0.4',
        objectives: {
          '0': {
            id: 'primary',
            success_status: 'passed',
            completion_status: 'completed',
            progress_measure: '1',
            score: { scaled: '0.9', raw: '9', min: '0', max: '10' },
          },
          '1': {
            id: 'extra',
            success_status: 'unknown',
            completion_status: 'incomplete',
            progress_measure: '0.5',
            score: { scaled: '', raw: '', min: '', max: '' },
          },
        },
        interactions: {
          '0': {
            id: 'q1',
            type: 'choice',
            learner_response: 'b',
            result: 'correct',
            latency: 'PT5S',
            timestamp: '2026-06-15T12:00:00',
            description: '',
          },
        },
        'cmi.interactions.1.id': 'q2',
        'cmi.interactions.1.type': 'fill-in',
        'cmi.interactions.1.learner_response': 'ladder',
        'cmi.interactions.1.result': 'incorrect',
      },
      { final: true },
    );
    const fork = platform.orm.em.fork();
    const objectives = await fork.find(ScormObjective, { enrollmentId: id }, { orderBy: { position: 'asc' } });
    expect(
      objectives.map((o) => [o.objectiveId, o.successStatus, o.completionStatus, o.scoreScaled, o.scoreRaw, o.progressMeasure]),
    ).toEqual([
      ['primary', 'passed', 'completed', '0.9', '9', '1'],
      ['extra', 'unknown', 'incomplete', null, null, '0.5'],
    ]);
    const interactions = await fork.find(ScormInteraction, { enrollmentId: id }, { orderBy: { position: 'asc' } });
    expect(interactions.map((i) => [i.interactionId, i.type, i.learnerResponse, i.result, i.latency, i.timestamp])).toEqual([
      ['q1', 'choice', 'b', 'correct', 'PT5S', '2026-06-15T12:00:00'],
      ['q2', 'fill-in', 'ladder', 'incorrect', null, null],
    ]);
    expect((await fork.findOneOrFail(ScoState, { enrollmentId: id })).progressMeasure).toBe('0.4');

    const resumed = await launch(id);
    expect(resumed.scos[0]!.cmi).toMatchObject({
      'cmi.entry': 'resume',
      'cmi.progress_measure': '0.4',
      'cmi.objectives.0.id': 'primary',
      'cmi.objectives.0.success_status': 'passed',
      'cmi.objectives.0.completion_status': 'completed',
      'cmi.objectives.0.score.scaled': '0.9',
      'cmi.objectives.0.progress_measure': '1',
      'cmi.objectives.1.id': 'extra',
      'cmi.objectives.1.progress_measure': '0.5',
    });

    const dashboard = await client(sessions.learner).request('/api/learner/dashboard');
    const cards = ((await dashboard.json()) as { enrollments: { id: number; progress: number | null }[] }).enrollments;
    expect(cards.find((c) => c.id === id)?.progress).toBe(40);
  });

  it("issue 20 item 5: keeps each interaction's correct patterns, weighting and description (2004) and each attempt's own objectives", async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('quiz', { objectiveIds: ['primary'] })]);
    const id = await enrol(em, learnerId, course.id);
    const first = await launch(id);
    await commit(first.scos[0]!.commit_url, 1, {
      exit: 'suspend',
      objectives: { '0': { id: 'primary', success_status: 'failed', score: { raw: '4' } } },
      interactions: {
        '0': {
          id: 'q1',
          type: 'choice',
          description: 'Which extinguisher for an electrical fire?',
          learner_response: 'a',
          weighting: '2',
          correct_responses: { '0': { pattern: 'c' } },
        },
      },
      'cmi.interactions.1.id': 'q2',
      'cmi.interactions.1.type': 'fill-in',
      'cmi.interactions.1.correct_responses.1.pattern': 'stepladder',
      'cmi.interactions.1.correct_responses.0.pattern': 'ladder',
    });
    const second = await launch(id);
    await commit(
      second.scos[0]!.commit_url,
      1,
      { objectives: { '0': { id: 'primary', success_status: 'passed', score: { raw: '9' } } } },
      { final: true },
    );

    const fork = platform.orm.em.fork();
    const interactions = await fork.find(ScormInteraction, { enrollmentId: id }, { orderBy: { position: 'asc' } });
    expect(interactions.map((i) => [i.interactionId, i.description, i.correctResponses, i.weighting, i.recordedAt?.toISOString()])).toEqual(
      [
        ['q1', 'Which extinguisher for an electrical fire?', '["c"]', '2', NOW.toISOString()],
        ['q2', null, '["ladder","stepladder"]', null, NOW.toISOString()],
      ],
    );
    const objectives = await fork.find(ScormObjective, { enrollmentId: id }, { orderBy: { id: 'asc' } });
    expect(objectives.map((o) => [o.attemptId, o.successStatus, o.scoreRaw])).toEqual([
      [first.attempt_id, 'failed', '4'],
      [second.attempt_id, 'passed', '9'],
    ]);
    // A resume restores the newest report of each objective.
    const third = await launch(id);
    expect(third.scos[0]!.cmi).toMatchObject({ 'cmi.objectives.0.id': 'primary' });
    expect(third.scos[0]!.cmi['cmi.objectives.1.id']).toBeUndefined();
  });

  it("issue 20 item 5: reads 1.2's student_response, time and correct patterns", async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '1.2', [sco('quiz')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    await commit(scos[0]!.commit_url, 1, {
      core: { lesson_status: 'incomplete' },
      interactions: {
        '0': {
          id: 'q1',
          type: 'true-false',
          student_response: 't',
          result: 'wrong',
          time: '14:03:09',
          latency: '0000:00:12.50',
          weighting: '1',
          correct_responses: { '0': { pattern: 'f' } },
        },
      },
    });
    const [row] = await platform.orm.em.fork().find(ScormInteraction, { enrollmentId: id });
    expect([row!.learnerResponse, row!.result, row!.timestamp, row!.latency, row!.correctResponses, row!.description]).toEqual([
      't',
      'wrong',
      '14:03:09',
      '0000:00:12.50',
      '["f"]',
      null,
    ]);
  });
});
