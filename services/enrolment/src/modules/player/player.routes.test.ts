import { beforeAll, describe, expect, it } from 'vitest';
import { makeSco as sco, type TestPlatform } from '@portal/service-kit/testing';
import type { EnrolmentTestWorld } from '../../testing';
import { NOW, usePlayerWorld } from '../../testing/player-world';
import { ScoState } from './scorm.entity';
import { contentTokenSecret, verifyContentToken } from './content-token';

const player = usePlayerWorld();
const { sessions, makeCourse, enrol, client, launch, commit, enrolmentRow, logOf } = player;
let world: EnrolmentTestWorld;
let platform: TestPlatform;
let companyId: number;
let learnerId: number;
beforeAll(() => ({ world, platform, companyId, learnerId } = player.state()));

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
    const state = await platform.orm.em.fork().findOneOrFail(ScoState, { enrolmentId: id });
    expect(state.location).toBe('3');
    expect((await enrolmentRow(id)).status).toBe('in_progress');

    // A commit from an older session of the same enrolment, arriving after a newer session's, changes nothing either.
    const newer = await launch(id);
    await commit(newer.scos[0]!.commit_url, 1, { core: { lesson_location: '5', lesson_status: 'incomplete' } });
    const older = await commit(url, 4, { core: { lesson_location: '4', lesson_status: 'incomplete' } });
    // The older session is told it was continued somewhere else (docs/decisions.md "Offline player").
    expect(await older.json()).toMatchObject({ applied: false, superseded: true });
    expect((await platform.orm.em.fork().findOneOrFail(ScoState, { enrolmentId: id })).location).toBe('5');
  });

  it('keeps suspend data whole whatever its length', async () => {
    const em = platform.orm.em.fork();
    const course = await makeCourse(em, '2004', [sco('golf')]);
    const id = await enrol(em, learnerId, course.id);
    const { scos } = await launch(id);
    const suspendData = `${'é~'.repeat(40_000)}end`;
    await commit(scos[0]!.commit_url, 1, { completion_status: 'incomplete', location: 'p7', suspend_data: suspendData, exit: 'suspend' });
    const state = await platform.orm.em.fork().findOneOrFail(ScoState, { enrolmentId: id });
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
