import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler, createWorker, ScheduledRun, SESSION_TTL_SECONDS } from '@portal/service-kit';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { makeCompany, makeUser, signInAs } from './fixtures/factories';
import { jobDefinitions, scheduledTasks } from '../src/platform';

/** The gateway's registered jobs and schedule, on the whole platform, with a moved clock. */
let harness: GatewayHarness;
beforeAll(async () => {
  harness = await createGatewayHarness();
});
afterAll(() => harness.close());

describe('the portal’s schedule', () => {
  it('removes expired sessions once a day, one run per occurrence', async () => {
    const em = harness.platform.orm.em.fork();
    const company = await makeCompany(em);
    const user = await makeUser(em, { role: 'learner', companyId: company.id });
    const token = await signInAs(em, user.id);
    expect((await harness.client(token).request('/api/shell')).status).toBe(200);

    // The clock moves past the session's expiry, to the clean-up's next 03:15 UTC.
    const expired = new Date(Date.now() + SESSION_TTL_SECONDS * 1000 + 60_000);
    let clock = new Date(Date.UTC(expired.getUTCFullYear(), expired.getUTCMonth(), expired.getUTCDate() + 1, 3, 15));
    harness.platform.now = () => clock;
    const scheduler = createScheduler({
      orm: harness.platform.orm,
      tasks: scheduledTasks(harness.platform),
      now: () => harness.platform.now(),
    });
    const results = await scheduler.tick();
    expect(results.map((r) => [r.task, r.outcome])).toContainEqual(['identity.remove-expired-sessions', 'succeeded']);
    expect(
      await harness.platform.orm.em.fork().count(ScheduledRun, { task: 'identity.remove-expired-sessions', outcome: 'succeeded' }),
    ).toBe(1);
    const sessions = await harness.platform.orm.em
      .fork()
      .execute<{ n: number }[]>('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', [user.id]);
    expect(Number(sessions[0]!.n)).toBe(0);

    // The same day again: it does not run; the next day it runs again.
    const cleanUps = async () => (await scheduler.tick()).filter((r) => r.task === 'identity.remove-expired-sessions');
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    expect(await cleanUps()).toEqual([]);
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
    expect(await cleanUps()).toHaveLength(1);
    harness.platform.now = () => new Date();
  });
});

describe('the portal’s jobs', () => {
  it('mail.send writes the mail to data/mail when SMTP_URL is unset', async () => {
    const worker = createWorker({
      orm: harness.platform.orm,
      now: () => harness.platform.now(),
      queue: harness.platform.jobs,
      definitions: jobDefinitions(harness.platform),
    });
    await harness.platform.mailer.send({
      to: 'reader@example.test',
      subject: 'Through the queue',
      text: 'Follow https://portal.example.test/x',
      attachments: [{ filename: 'a.txt', content: Buffer.from('attached text') }],
    });
    expect(await worker.drain()).toBe(1);
    const folder = join(harness.platform.env.dataDir, 'mail');
    const files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(folder, files[0]!), 'utf8');
    expect(eml).toContain('Subject: Through the queue');
    expect(eml).toContain('To: reader@example.test');
    expect(eml).toContain(Buffer.from('attached text').toString('base64'));
  });
});
