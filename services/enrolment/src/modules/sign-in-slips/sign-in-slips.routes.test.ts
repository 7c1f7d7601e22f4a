import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrolmentTestWorld, type EnrolmentTestWorld } from '../../testing';
import {
  SIGN_IN_LOGIN_CODE_COLUMNS,
  SIGN_IN_SLIP_MESSAGES,
  SIGN_IN_SLIPS_MAX,
  SIGN_IN_SLIPS_SKIPPED_HEADER,
  signInAddress,
  signInLoginCodes,
  signInSlipsPdf,
} from '@portal/contracts';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';

const NOW = new Date('2026-06-15T12:00:00Z');
const hasTool = (tool: string) => ['/usr/bin', '/usr/local/bin'].some((dir) => existsSync(join(dir, tool)));
/** Every character a hostile or foreign name may bring: markup, PDF string delimiters, quotes, accents, Greek, Cyrillic. */
const HOSTILE = 'Zoë <b>Ł</b> (O’Brien) \\ "Østergård" Ελένη Дмитрий %PDF';

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
const as = {} as Record<'manager' | 'depotManager' | 'otherManager' | 'learner' | 'admin' | 'anonymous', TestClient>;
const ids = {} as Record<'company' | 'depot' | 'other' | 'hostile' | 'plain' | 'noCode' | 'manager' | 'outsider' | 'parentLearner', number>;
const codes = { hostile: 'HSTL7ABC2D', plain: 'PLAN8XYZ3E', parentLearner: 'PRNT9QWE4F' };

/** The slips of these learners, as the company's manager (or `client`) asks for them. */
const slips = (userIds: number[], client = as.manager, companyId = ids.company) =>
  client.call(signInSlipsPdf, { params: { companyId }, body: { user_ids: userIds } });
const sheet = (userIds: number[], client = as.manager, companyId = ids.company) =>
  client.call(signInLoginCodes, { params: { companyId }, body: { user_ids: userIds } });

async function refusal(response: Response) {
  return { status: response.status, body: (await response.json()) as { message: string; errors?: Record<string, string[]> } };
}

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => NOW });
  platform = world.platform;
  app = world.app;
  const company = await world.identity.company({ name: 'Quarry Ltd' });
  const depot = await world.identity.company({ name: 'Quarry North Depot', parentId: company.id });
  const other = await world.identity.company({ name: 'Other Ltd' });
  const user = (companyId: number, name: string, loginCode: string | null, role: 'learner' | 'manager' = 'learner') =>
    world.identity.user({ role, companyId, name, email: loginCode ? null : undefined, loginCode });
  const hostile = await user(depot.id, HOSTILE, codes.hostile);
  const plain = await user(company.id, 'Alan Plain', codes.plain);
  const parentLearner = await user(company.id, 'Bea Parent', codes.parentLearner);
  const noCode = await user(company.id, 'Nora Nocode', null);
  const manager = await user(company.id, 'Mia Manager', null, 'manager');
  const depotManager = await user(depot.id, 'Dan Depot', null, 'manager');
  const otherManager = await user(other.id, 'Olga Other', null, 'manager');
  const outsider = await user(other.id, 'Out Sider', 'OUTS1DE5X');
  const admin = await world.identity.user({ role: 'admin', companyId: other.id });
  Object.assign(ids, {
    company: company.id,
    depot: depot.id,
    other: other.id,
    hostile: hostile.id,
    plain: plain.id,
    noCode: noCode.id,
    manager: manager.id,
    outsider: outsider.id,
    parentLearner: parentLearner.id,
  });
  const sessions = { manager, depotManager, otherManager, learner: plain, admin };
  for (const [key, person] of Object.entries(sessions))
    as[key as keyof typeof as] = new TestClient(app, { sessionToken: await world.identity.signIn(person.id) });
  as.anonymous = new TestClient(app);
});
afterAll(() => platform.close());

describe('POST /api/company/{companyId}/sign-in-slips', () => {
  it('answers a real PDF: each learner with a code gets a slip with their name, company, the address, the code and a QR code that signs them in', async () => {
    const response = await slips([ids.hostile, ids.plain, ids.noCode]);
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="15-06-2026_sign_in_slips.pdf"');
    expect(response.headers.get(SIGN_IN_SLIPS_SKIPPED_HEADER)).toBe('1');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'slips-'));
    writeFileSync(join(dir, 'slips.pdf'), pdf);

    expect(hasTool('pdftotext'), 'poppler-utils (pdftotext) is installed').toBe(true);
    const text = execFileSync('pdftotext', [join(dir, 'slips.pdf'), '-']).toString();
    expect(text.replace(/\s+/g, ' ')).toContain(HOSTILE);
    for (const expected of ['Alan Plain', 'Quarry Ltd', 'Quarry North Depot', codes.hostile, codes.plain, `${platform.env.appUrl}/login`])
      expect(text).toContain(expected);
    expect(text).not.toContain('Nora Nocode');

    expect(hasTool('pdftoppm') && hasTool('zbarimg'), 'pdftoppm and zbarimg are installed').toBe(true);
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', join(dir, 'slips.pdf'), join(dir, 'page')]);
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', join(dir, 'page.png')])
      .toString()
      .trim()
      .split('\n')
      .sort();
    expect(decoded).toEqual([signInAddress(platform.env.appUrl, codes.hostile), signInAddress(platform.env.appUrl, codes.plain)].sort());
    expect(decoded[0]).toMatch(/^http:\/\/localhost:\d+\/login\?code=[A-Z0-9]+$/);
  });

  it('puts 8 slips on an A4 page: 9 learners take two pages', async () => {
    const many: number[] = [];
    for (let i = 0; i < 9; i++)
      many.push((await world.identity.user({ role: 'learner', companyId: ids.depot, loginCode: `MANY${i}ABCD` })).id);
    const response = await slips(many);
    expect(response.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'slips-'));
    writeFileSync(join(dir, 'slips.pdf'), Buffer.from(await response.arrayBuffer()));
    execFileSync('pdftoppm', ['-r', '40', '-png', join(dir, 'slips.pdf'), join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.startsWith('page')).length).toBe(2);
  });

  it('is the same for an admin and for the company’s depot manager with the depot’s learners', async () => {
    expect((await slips([ids.hostile], as.admin)).status).toBe(200);
    expect((await slips([ids.hostile], as.depotManager, ids.depot)).status).toBe(200);
  });

  it('refuses another company’s manager, a learner and nobody signed in', async () => {
    expect((await slips([ids.plain], as.otherManager)).status).toBe(403);
    expect((await slips([ids.plain], as.learner)).status).toBe(403);
    expect((await slips([ids.plain], as.anonymous)).status).toBe(401);
    // A depot's manager acts on the depot only, not on its parent company.
    expect((await slips([ids.plain], as.depotManager)).status).toBe(403);
  });

  it('refuses ids that are not the company’s learners with one 422, whoever they are', async () => {
    const notFound = { status: 422, body: expect.objectContaining({ errors: { user_ids: [SIGN_IN_SLIP_MESSAGES.notFound] } }) };
    expect(await refusal(await slips([ids.plain, ids.outsider]))).toEqual(notFound);
    expect(await refusal(await slips([ids.plain, ids.manager]))).toEqual(notFound);
    expect(await refusal(await slips([ids.plain, 999_999]))).toEqual(notFound);
    // From the depot, the parent company's learners are out of reach.
    expect(await refusal(await slips([ids.hostile, ids.parentLearner], as.depotManager, ids.depot))).toEqual(notFound);
    // Even an admin names the company the learners belong to.
    expect(await refusal(await slips([ids.plain], as.admin, ids.other))).toEqual(notFound);
  });

  it('refuses a selection where nobody has a login code, none at all, and more than the cap', async () => {
    expect(await refusal(await slips([ids.noCode]))).toEqual({
      status: 422,
      body: expect.objectContaining({ message: SIGN_IN_SLIP_MESSAGES.noCodes }),
    });
    expect((await refusal(await slips([]))).body.errors?.user_ids).toEqual([SIGN_IN_SLIP_MESSAGES.noneChosen]);
    const tooMany = Array.from({ length: SIGN_IN_SLIPS_MAX + 1 }, (_, i) => i + 1);
    expect(await refusal(await slips(tooMany))).toEqual({
      status: 422,
      body: expect.objectContaining({ errors: { user_ids: [SIGN_IN_SLIP_MESSAGES.tooMany] } }),
    });
  });
});

describe('POST /api/company/{companyId}/login-codes', () => {
  it('answers {dd-mm-yyyy}_login_codes.xlsx: one learner a row, by company then name, without the learner who has no code', async () => {
    const response = await sheet([ids.plain, ids.hostile, ids.noCode, ids.plain]);
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="15-06-2026_login_codes.xlsx"');
    expect(response.headers.get(SIGN_IN_SLIPS_SKIPPED_HEADER)).toBe('1');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((row) => row.slice(1))).toEqual([
      [...SIGN_IN_LOGIN_CODE_COLUMNS],
      ['Alan Plain', codes.plain, 'Quarry Ltd'],
      [HOSTILE, codes.hostile, 'Quarry North Depot'],
    ]);
  });

  it('refuses as the slips do', async () => {
    expect((await sheet([ids.plain], as.otherManager)).status).toBe(403);
    expect((await sheet([ids.plain], as.learner)).status).toBe(403);
    expect((await refusal(await sheet([ids.outsider]))).body.errors?.user_ids).toEqual([SIGN_IN_SLIP_MESSAGES.notFound]);
    expect((await refusal(await sheet([ids.noCode]))).body.message).toBe(SIGN_IN_SLIP_MESSAGES.noCodes);
    const tooMany = Array.from({ length: SIGN_IN_SLIPS_MAX + 1 }, (_, i) => i + 1);
    expect((await refusal(await sheet(tooMany))).body.errors?.user_ids).toEqual([SIGN_IN_SLIP_MESSAGES.tooMany]);
  });
});
