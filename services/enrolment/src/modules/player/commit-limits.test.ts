import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSco } from '@portal/service-kit/testing';
import { SCORM_COMMIT_LIMITS, SCORM_MESSAGES } from '@portal/contracts';
import { ScoState, ScormLogEntry } from '../../testing';
import { createCommitWorld } from '../../testing/commit-world';

/** Issue 13 item 7: suspend data kept whole up to its cap and refused above it; commits per attempt limited. */
let world: Awaited<ReturnType<typeof createCommitWorld>>;
beforeAll(async () => {
  world = await createCommitWorld();
});
afterAll(() => world.close());

const launchNew = (version: '1.2' | '2004' = '2004') => world.launchNew(version, [makeSco('golf')]);
const commit = (url: string, seq: number, cmi: Record<string, unknown>, final = false) =>
  world.client().request(final ? `${url}&final=true` : url, { method: 'POST', json: { cmi, seq } });
const fork = () => world.platform.orm.em.fork();
const stateOf = (enrolmentId: number) => fork().findOneOrFail(ScoState, { enrolmentId });
const logCount = (enrolmentId: number) => fork().count(ScormLogEntry, { enrolmentId });

describe('suspend data', () => {
  it('is kept whole at 64,000 characters and at the cap, and refused above it with a clear error that keeps what was saved', async () => {
    const { enrolmentId, url } = await launchNew();
    const spm = `${'ü'.repeat(63_999)}!`;
    expect((await commit(url, 1, { completion_status: 'incomplete', location: 'p1', suspend_data: spm })).status).toBe(200);
    expect((await stateOf(enrolmentId)).suspendData).toBe(spm);
    const atCap = `${'é~'.repeat(SCORM_COMMIT_LIMITS.SUSPEND_DATA_MAX / 2 - 1)}ok`;
    expect((await commit(url, 2, { completion_status: 'incomplete', location: 'p2', suspend_data: atCap })).status).toBe(200);
    expect((await stateOf(enrolmentId)).suspendData).toBe(atCap);

    const tooLong = 'x'.repeat(SCORM_COMMIT_LIMITS.SUSPEND_DATA_MAX + 1);
    const refused = await commit(url, 3, { completion_status: 'completed', location: 'p3', suspend_data: tooLong });
    expect(refused.status).toBe(422);
    const message = SCORM_MESSAGES.suspendDataTooLong(tooLong.length);
    expect(message).toContain('Your progress up to the last save is kept.');
    expect(await refused.json()).toMatchObject({ message, errors: { 'cmi.suspend_data': [message] } });
    // Nothing of the refused commit was stored: the state saved before stays, and the next save works.
    const kept = await stateOf(enrolmentId);
    expect({ location: kept.location, suspendData: kept.suspendData, seq: kept.seq }).toEqual({
      location: 'p2',
      suspendData: atCap,
      seq: 2,
    });
    expect(await logCount(enrolmentId)).toBe(2);
    expect((await commit(url, 4, { completion_status: 'incomplete', location: 'p4', suspend_data: 'short' })).status).toBe(200);
  });

  it('is refused above the cap for SCORM 1.2 too', async () => {
    const { enrolmentId, url } = await launchNew('1.2');
    const refused = await commit(url, 1, {
      core: { lesson_status: 'incomplete' },
      suspend_data: 'y'.repeat(SCORM_COMMIT_LIMITS.SUSPEND_DATA_MAX + 10),
    });
    expect(refused.status).toBe(422);
    expect(await fork().count(ScoState, { enrolmentId })).toBe(0);
  });
});

describe('commits per attempt', () => {
  it('allow COMMITS_PER_MINUTE a minute, then 429 with Retry-After; a final commit still goes through; after the minute they go on', async () => {
    const { enrolmentId, url } = await launchNew();
    for (let seq = 1; seq <= SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE; seq++) {
      expect((await commit(url, seq, { completion_status: 'incomplete', location: `p${seq}` })).status).toBe(200);
    }
    const limited = await commit(url, SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE + 1, { completion_status: 'incomplete', location: 'p100' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { message: string }).message).toBe(
      'Too many saves from this course in a minute. Please try again in 1 minute.',
    );
    expect((await stateOf(enrolmentId)).location).toBe(`p${SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE}`);
    // The SCO closing is never held up by the autocommits before it.
    expect(
      (
        await commit(
          url,
          SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE + 2,
          { completion_status: 'incomplete', location: 'final', exit: 'suspend' },
          true,
        )
      ).status,
    ).toBe(200);
    world.clock.now = new Date(world.clock.now.getTime() + 61_000);
    expect(
      (await commit(url, SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE + 3, { completion_status: 'incomplete', location: 'later' })).status,
    ).toBe(200);
    expect((await stateOf(enrolmentId)).location).toBe('later');
  });

  it('never stop a learner clicking through a course of short SCOs: a final commit a second for a minute is stored (issue 31 item 3)', async () => {
    const scos = Array.from({ length: 60 }, (_, n) => makeSco(`sco-${n + 1}`));
    const { enrolmentId, urls } = await world.launchNew('1.2', scos);
    expect(urls).toHaveLength(60);
    // Each SCO as a learner leaves it: the content's own commit, then the final one, a second apart.
    for (const [n, url] of urls.entries()) {
      const cmi = { core: { lesson_status: 'completed', lesson_location: `end-${n}`, exit: '' } };
      expect((await commit(url, 2 * n + 1, cmi)).status, `commit of SCO ${n + 1}`).toBe(200);
      expect((await commit(url, 2 * n + 2, cmi, true)).status, `final commit of SCO ${n + 1}`).toBe(200);
      world.clock.now = new Date(world.clock.now.getTime() + 1000);
    }
    expect(await fork().count(ScoState, { enrolmentId, progress: 'completed' })).toBe(60);
  });

  it('are counted only once the launch token is checked: nobody else can use up an attempt’s allowance', async () => {
    const { url } = await launchNew();
    const forged = url.replace(/token=[^&]+/, `token=${'z'.repeat(32)}`);
    for (let i = 0; i < SCORM_COMMIT_LIMITS.COMMITS_PER_MINUTE + 5; i++) expect((await commit(forged, i + 1, {})).status).toBe(404);
    expect((await commit(url, 1, { completion_status: 'incomplete' })).status).toBe(200);
  });
});
