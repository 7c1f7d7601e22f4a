import { USER_MESSAGES } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityPort } from '../ports/identity.port';
import type { FakeIdentitySeed } from './fake-identity-port';

/** What an identity port is opened on: the seed's rows, and a way to sign a seeded user in. */
export interface OpenedIdentityPort {
  port: IdentityPort;
  /** A new session of the user: its token. */
  signIn(userId: number): Promise<string>;
  close(): Promise<void>;
}

/** The rows every run of the contract starts from (ids given, so each port holds the same world). */
export const IDENTITY_CONTRACT_SEED = {
  companies: [
    { id: 901, name: 'Contract Roofing', email: 'office@roofing.test', managerEmail: 'boss@roofing.test', sendReport: false },
    { id: 902, name: 'Roofing West', parentId: 901, sendCertificate: false },
    { id: 903, name: 'Roofing East', parentId: 901 },
    { id: 904, name: 'Contract Plumbing', sendCertificate: false, sendExpiryReport: false },
  ],
  users: [
    { id: 911, name: 'Mona Manager', email: 'mona@roofing.test', companyId: 901, role: 'manager', loginCode: 'MONA2345' },
    { id: 912, name: 'Lee Learner', email: 'lee@roofing.test', companyId: 902, role: 'learner', loginCode: 'LEEK6789' },
    { id: 913, name: 'Pat Plumber', email: 'pat@plumbing.test', companyId: 904, role: 'learner', purchasedAccount: true },
    { id: 914, name: 'Nia Noemail', email: null, companyId: 901, role: 'learner' },
    { id: 915, name: 'Una Unwelcomed', email: 'una@roofing.test', companyId: 901, role: 'learner', welcomed: false },
    { id: 916, name: 'Ada Admin', email: 'ada@portal.test', companyId: 904, role: 'admin' },
  ],
} satisfies FakeIdentitySeed;

/**
 * What every identity port must do (identity's real one, the kit's in-memory fake): the same tests
 * run against each, so the services tested with the fake can trust what it answers.
 */
export function describeIdentityPortContract(name: string, open: (seed: FakeIdentitySeed) => Promise<OpenedIdentityPort>) {
  describe(`${name} identity port (the port's contract)`, () => {
    let opened: OpenedIdentityPort;
    let port: IdentityPort;
    beforeAll(async () => {
      opened = await open(IDENTITY_CONTRACT_SEED);
      port = opened.port;
    });
    afterAll(() => opened.close());

    it('resolves a session to its principal, and forgets it once ended', async () => {
      const token = await opened.signIn(911);
      const principal = await port.resolvePrincipal(token);
      expect(principal).toMatchObject({ userId: 911, name: 'Mona Manager', role: 'manager', companyId: 901, homeCompanyId: 901 });
      expect(principal?.isMimicking).toBe(false);
      expect(await port.isSessionLive(principal?.sessionId ?? '')).toBe(true);
      expect(await port.resolvePrincipal('no-such-token')).toBeNull();
      await port.endSession(token);
      expect(await port.resolvePrincipal(token)).toBeNull();
      expect(await port.isSessionLive(principal?.sessionId ?? '')).toBe(false);
      await expect(port.endSession('no-such-token')).resolves.toBeUndefined();
    });

    it('tells a company’s parent: null at the top, undefined for no company', async () => {
      expect(await port.companyParentId(902)).toBe(901);
      expect(await port.companyParentId(901)).toBeNull();
      expect(await port.companyParentId(999)).toBeUndefined();
    });

    it('finds users by id, leaving unknown ids out', async () => {
      const users = await port.usersByIds([913, 911, 999, 911]);
      expect(users.sort((a, b) => a.id - b.id)).toEqual([
        {
          id: 911,
          name: 'Mona Manager',
          email: 'mona@roofing.test',
          companyId: 901,
          role: 'manager',
          purchasedAccount: false,
          anonymised: false,
        },
        {
          id: 913,
          name: 'Pat Plumber',
          email: 'pat@plumbing.test',
          companyId: 904,
          role: 'learner',
          purchasedAccount: true,
          anonymised: false,
        },
      ]);
      expect(await port.usersByIds([])).toEqual([]);
    });

    it('finds companies by id and by their main or manager email, in any case', async () => {
      const roofing = { id: 901, name: 'Contract Roofing', parentId: null, email: 'office@roofing.test' };
      expect(await port.companyById(901)).toEqual(roofing);
      expect(await port.companyById(902)).toEqual({ id: 902, name: 'Roofing West', parentId: 901, email: null });
      expect(await port.companyById(999)).toBeNull();
      expect(await port.companyByEmail(' Office@Roofing.test ')).toEqual(roofing);
      expect(await port.companyByEmail('boss@roofing.test')).toEqual(roofing);
      expect(await port.companyByEmail('nobody@roofing.test')).toBeNull();
    });

    it('lists a company’s depots by name', async () => {
      expect((await port.companyDepots(901)).map((d) => d.name)).toEqual(['Roofing East', 'Roofing West']);
      expect(await port.companyDepots(904)).toEqual([]);
    });

    it('matches emails to the employees of a company and its depots only', async () => {
      const found = await port.usersByEmails(901, ['LEE@roofing.test', 'pat@plumbing.test', 'mona@roofing.test', '']);
      expect(found.map((u) => u.id).sort()).toEqual([911, 912]);
      expect(await port.usersByEmails(901, [])).toEqual([]);
    });

    it('tells who gets a certificate by mail', async () => {
      expect(await port.certificateRecipients(901)).toEqual({ sendCertificate: true, managerEmails: ['mona@roofing.test'] });
      expect(await port.certificateRecipients(904)).toEqual({ sendCertificate: false, managerEmails: [] });
      expect(await port.certificateRecipients(999)).toEqual({ sendCertificate: false, managerEmails: [] });
    });

    it('answers login codes (one per id asked) and labels (known ids only)', async () => {
      expect(await port.loginCodes([912, 913, 999])).toEqual([
        { userId: 912, loginCode: 'LEEK6789' },
        { userId: 913, loginCode: null },
        { userId: 999, loginCode: null },
      ]);
      const labels = await port.userLabels([914, 911, 999]);
      expect(labels.sort((a, b) => a.id - b.id)).toEqual([
        { id: 911, name: 'Mona Manager', email: 'mona@roofing.test', loginCode: 'MONA2345' },
        { id: 914, name: 'Nia Noemail', email: null, loginCode: null },
      ]);
    });

    it('gives sign-in links to known users', async () => {
      const links = await port.signInLinks([912, 914, 999], 14);
      expect(links.map((l) => [l.userId, l.name, l.email, l.loginCode]).sort()).toEqual([
        [912, 'Lee Learner', 'lee@roofing.test', 'LEEK6789'],
        [914, 'Nia Noemail', null, null],
      ]);
      for (const link of links) expect(link.url).toMatch(/\/login\/link\/[^/]+$/);
      expect(new Set(links.map((l) => l.url)).size).toBe(2);
    });

    it('lists managers of companies (no depot climbing) and companies by notification setting', async () => {
      expect((await port.managersOf([901, 902, 904])).map((u) => u.id)).toEqual([911]);
      expect((await port.managersOf([902])).map((u) => u.id)).toEqual([]);
      expect((await port.companiesWithSetting('send_report')).map((c) => c.id)).toEqual([902, 903, 904]);
      expect((await port.companiesWithSetting('send_certificate')).map((c) => c.id)).toEqual([901, 903]);
      expect((await port.companiesWithSetting('send_expiry_report')).map((c) => c.id)).toEqual([901, 902, 903]);
    });

    it('creates learners, each row failing alone with its reason', async () => {
      const results = await port.createLearners(903, [
        { name: ' New Starter ', email: 'New.Starter@Roofing.test' },
        { name: 'Taken', email: 'mona@roofing.test' },
        { name: '', email: 'blank@roofing.test' },
        { name: 'No Mail', email: null },
      ]);
      const [created, taken, blank, noMail] = results;
      expect(created).toMatchObject({
        ok: true,
        user: { name: 'New Starter', email: 'new.starter@roofing.test', companyId: 903, role: 'learner' },
      });
      if (created?.ok) expect(created.user.loginCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
      expect(taken).toEqual({ ok: false, name: 'Taken', email: 'mona@roofing.test', reason: USER_MESSAGES.emailTaken });
      expect(blank).toMatchObject({ ok: false, reason: 'Name is required' });
      expect(noMail).toMatchObject({ ok: true, user: { name: 'No Mail', email: null } });
      expect((await port.usersByEmails(901, ['new.starter@roofing.test'])).map((u) => u.name)).toEqual(['New Starter']);
    });

    it('welcomes once the learners who never got a welcome', async () => {
      expect(await port.sendMissingWelcomes([915, 912, 914])).toBe(1);
      expect(await port.sendMissingWelcomes([915])).toBe(0);
    });

    it('edits a learner, refusing an email in use and an unknown learner', async () => {
      const moved = await port.updateLearner(914, { name: 'Nia Moved', email: 'nia@roofing.test', companyId: 902 });
      expect(moved).toMatchObject({ ok: true, user: { id: 914, name: 'Nia Moved', email: 'nia@roofing.test', companyId: 902 } });
      expect((await port.usersByIds([914]))[0]).toMatchObject({ name: 'Nia Moved', companyId: 902 });
      expect(await port.updateLearner(914, { name: 'Nia', email: 'mona@roofing.test', companyId: 902 })).toEqual({
        ok: false,
        errors: { email: [USER_MESSAGES.emailTaken] },
      });
      expect(await port.updateLearner(999, { name: 'Ghost', email: null, companyId: 901 })).toMatchObject({ ok: false });
    });
  });
}
