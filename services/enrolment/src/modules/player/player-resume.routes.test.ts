import { beforeAll, describe, expect, it } from 'vitest';
import { makeSco as sco, type TestPlatform } from '@portal/service-kit/testing';
import { usePlayerWorld } from '../../testing/player-world';
import { Enrolment } from '../enrolments/enrolment.entity';

const player = usePlayerWorld();
const { sessions, makeCourse, enrol, client, launch, commit, enrolmentRow } = player;
let platform: TestPlatform;
let learnerId: number;
beforeAll(() => ({ platform, learnerId } = player.state()));

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
