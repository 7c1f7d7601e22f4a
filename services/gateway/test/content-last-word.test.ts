import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Enrolment, ScoState, ScormLogEntry } from '@portal/enrolment-service/testing';
import { createContentOriginApp } from '../src/content-origin';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { makeCompany, makeCourse, makeEnrolment, makeUser, signInAs } from './fixtures/factories';
import { makeSco } from '@portal/catalogue-service/testing';

/**
 * Issue 31 item 1, the tab closed: the SCO shell's last word (what the content said in its unload
 * handlers, after the player's page had gone) reaches the server through the content origin, under
 * the attempt's token, as the SCO's newest final commit.
 */
let harness: GatewayHarness;
let content: ReturnType<typeof createContentOriginApp>;
beforeAll(async () => {
  harness = await createGatewayHarness({});
  content = createContentOriginApp(harness.platform);
});
afterAll(() => harness.close());

async function launched() {
  const em = harness.platform.orm.em.fork();
  const company = await makeCompany(em);
  const learner = await makeUser(em, { role: 'learner', companyId: company.id });
  const session = await signInAs(em, learner.id);
  const course = await makeCourse(em, { package: { version: '1.2', scos: [makeSco('sco_1', { href: 'index.html' })] } });
  const enrolment = await makeEnrolment(em, { userId: learner.id, courseId: course.id, companyId: company.id });
  const client = harness.client(session);
  const response = await client.request(`/api/learn/${enrolment.id}/launch`, { method: 'POST' });
  expect(response.status).toBe(200);
  const launch = (await response.json()) as { scos: { url: string; commit_url: string }[] };
  const token = /\/c\/([^/]+)\//.exec(launch.scos[0]!.url)![1]!;
  const commit = (seq: number, cmi: Record<string, unknown>, final = false) =>
    client.request(final ? `${launch.scos[0]!.commit_url}&final=true` : launch.scos[0]!.commit_url, { method: 'POST', json: { seq, cmi } });
  const lastWord = (body: string, forToken = token) =>
    content.request(`/c/${forToken}/__portal/last-word`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body });
  const state = () => harness.platform.orm.em.fork().findOneOrFail(ScoState, { enrolmentId: enrolment.id });
  return { session, learner, enrolment, token, commit, lastWord, state };
}

const SAID_AS_IT_WENT = {
  'cmi.core.lesson_status': 'completed',
  'cmi.core.lesson_location': 'the-end',
  'cmi.core.session_time': '0000:00:42.00',
  'cmi.core.exit': '',
};

describe('a SCO’s last word', () => {
  it('is stored as the SCO’s newest final commit, and the player’s own final of the same moment changes nothing after it', async () => {
    const { enrolment, commit, lastWord, state } = await launched();
    expect((await commit(1, { core: { lesson_status: 'incomplete', lesson_location: 'page-3' } })).status).toBe(200);
    const answer = await lastWord(JSON.stringify({ sco: 'sco_1', cmi: SAID_AS_IT_WENT }));
    expect(answer.status).toBe(200);
    expect(await state()).toMatchObject({ progress: 'completed', location: 'the-end', seq: 2 });
    // The player's page went at the same moment: its safety-net final (numbered 2 too) is a repeat now.
    const late = await commit(2, { core: { lesson_status: 'incomplete', lesson_location: 'page-3', exit: 'suspend' } }, true);
    expect(((await late.json()) as { applied: boolean }).applied).toBe(false);
    expect(await state()).toMatchObject({ progress: 'completed', location: 'the-end' });
    expect((await harness.platform.orm.em.fork().findOneOrFail(Enrolment, { id: enrolment.id })).status).toBe('passed');
  });

  it('comes after a player’s final that arrived first, and wins', async () => {
    const { commit, lastWord, state } = await launched();
    expect((await commit(1, { core: { lesson_status: 'incomplete', exit: 'suspend' } }, true)).status).toBe(200);
    expect((await lastWord(JSON.stringify({ sco: 'sco_1', cmi: SAID_AS_IT_WENT }))).status).toBe(200);
    expect(await state()).toMatchObject({ progress: 'completed', seq: 2 });
  });

  it('wins whichever of the two arrives first when the player’s final is sent at the same moment, and neither answers 500', async () => {
    for (let round = 0; round < 6; round++) {
      const { commit, lastWord, state } = await launched();
      expect((await commit(1, { core: { lesson_status: 'incomplete', lesson_location: 'page-3' } })).status).toBe(200);
      const [final, word] = await Promise.all([
        commit(2, { core: { lesson_status: 'incomplete', lesson_location: 'page-3', exit: 'suspend' } }, true),
        lastWord(JSON.stringify({ sco: 'sco_1', cmi: SAID_AS_IT_WENT })),
      ]);
      expect([final.status, word.status], `round ${round}`).toEqual([200, 200]);
      expect(await state(), `round ${round}`).toMatchObject({ progress: 'completed', location: 'the-end' });
    }
  });

  it('a commit whose number another request stored a moment before is a repeat, not a 500 (the race above, between two processes)', async () => {
    const { learner, enrolment, commit, state } = await launched();
    expect((await commit(1, { core: { lesson_status: 'incomplete', lesson_location: 'page-3' } })).status).toBe(200);
    const em = harness.platform.orm.em.fork();
    const first = await em.findOneOrFail(ScormLogEntry, { enrolmentId: enrolment.id, seq: 1 });
    // The other request's row is in (its SCO state not yet read by this one): the same number is refused by the database.
    em.create(ScormLogEntry, {
      userId: learner.id,
      enrolmentId: enrolment.id,
      attemptId: first.attemptId,
      scoIdentifier: 'sco_1',
      seq: 2,
    });
    await em.flush();
    const late = await commit(2, { core: { lesson_status: 'incomplete', exit: 'suspend' } }, true);
    expect(late.status).toBe(200);
    expect(((await late.json()) as { applied: boolean }).applied).toBe(false);
    expect(await state()).toMatchObject({ location: 'page-3', seq: 1 });
  });

  it('is refused without a live grant, for another SCO, and when it is not one', async () => {
    const { session, token, lastWord, state } = await launched();
    const good = JSON.stringify({ sco: 'sco_1', cmi: SAID_AS_IT_WENT });
    const forged = token.replace(/\.[^.]+$/, '.forged');
    expect((await lastWord(good, forged)).status).toBe(404);
    expect((await lastWord(JSON.stringify({ sco: 'sco_2', cmi: SAID_AS_IT_WENT }))).status).toBe(422);
    for (const body of [
      '',
      'not json',
      '{"sco":"sco_1"}',
      '{"sco":"sco_1","cmi":{"cmi.core.lesson_status":7}}',
      '{"sco":"sco_1","cmi":{},"more":1}',
    ])
      expect((await lastWord(body)).status, body).toBe(400);
    expect((await lastWord(JSON.stringify({ sco: 'sco_1', cmi: { 'cmi.suspend_data': 'x'.repeat(1024 * 1024) } }))).status).toBe(413);
    // Hostile names: nothing of the prototype is reached, and no such SCO exists.
    for (const sco of ['__proto__', 'constructor', '../sco_1', 'sco_1\u0000'])
      expect((await lastWord(JSON.stringify({ sco, cmi: SAID_AS_IT_WENT }))).status, sco).toBe(422);
    await expect(state()).rejects.toThrow();
    const proto = await lastWord('{"sco":"sco_1","cmi":{"__proto__":"x","constructor":"y","cmi.core.lesson_status":"incomplete"}}');
    // A __proto__ or constructor key in the CMI is only a name: the rest is stored, no prototype touched.
    expect(proto.status).toBe(200);
    expect(await state()).toMatchObject({ progress: 'incomplete' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.prototype.constructor).toBe(Object);
    // Signed out: the token stops, as for every file.
    await harness.platform.identity.endSession(session);
    expect((await lastWord(good)).status).toBe(404);
  });
});
