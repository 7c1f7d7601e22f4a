import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_MESSAGES,
  DEFAULT_COMPANY_ID,
  invoicePdf,
  purchaseHistory,
  SHOP_SIGNATURE_HEADER,
  type Invoice as InvoiceItem,
  type Page,
} from '@portal/contracts';
import { shopSignature } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeCreditAccount, type EnrolmentTestWorld } from '../../testing';
import { Enrolment } from '../enrolments/enrolment.entity';
import { CreditTransaction } from '../credits/credit.entity';
import { creditBalanceOf, ledgerSumOf } from '../credits/credit.repository';
import { Invoice } from './invoice.entity';

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];
const ids = {} as Record<'company' | 'other' | 'course', number>;
const sessions = {} as Record<'manager' | 'otherManager' | 'learner' | 'admin', string>;
const SECRET = 'a-test-shop-secret-of-some-length';

beforeAll(async () => {
  world = await createEnrolmentTestWorld({ env: { SHOP_WEBHOOK_SECRET: SECRET } });
  platform = world.platform;
  app = world.app;
  const em = platform.orm.em.fork();
  const defaultCompany = await world.identity.company({ name: 'Individuals' });
  expect(defaultCompany.id).toBe(DEFAULT_COMPANY_ID);
  ids.company = (await world.identity.company({ name: 'Scaffolders Ltd', email: 'accounts@scaffolders.test' })).id;
  ids.other = (await world.identity.company({ name: 'Glaziers Ltd' })).id;
  await makeCreditAccount(em, ids.company, 5);
  ids.course = (await world.catalogue.course({ name: 'Asbestos Awareness' })).id;
  sessions.manager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: ids.company })).id);
  sessions.otherManager = await world.identity.signIn((await world.identity.user({ role: 'manager', companyId: ids.other })).id);
  sessions.learner = await world.identity.signIn((await world.identity.user({ role: 'learner', companyId: ids.company })).id);
  sessions.admin = await world.identity.signIn((await world.identity.user({ role: 'admin', companyId: ids.other })).id);
});
afterAll(() => platform.close());

const creditsOrder = (orderId: string, extra: Record<string, unknown> = {}) => ({
  order_id: orderId,
  kind: 'credits',
  customer_name: 'Sam Scaffolder',
  customer_email: 'Accounts@Scaffolders.test',
  credits: 20,
  amount_minor: 30000,
  currency: 'GBP',
  ...extra,
});

/** Posts to the webhook as the shop does: the raw body, signed (or with the signature given). */
function postOrder(body: unknown, signature: string | null = shopSignature(SECRET, JSON.stringify(body))) {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature !== null) headers[SHOP_SIGNATURE_HEADER] = signature;
  return app.request('/api/shop/orders', { method: 'POST', body: raw, headers });
}

const balance = () => creditBalanceOf(platform.orm.em.fork(), ids.company);
const as = (session: string) => new TestClient(app, { sessionToken: session });

describe('POST /api/shop/orders', () => {
  it('refuses a missing or wrong signature with 401 and changes nothing', async () => {
    const order = creditsOrder('ORD-BAD');
    for (const signature of [
      null,
      '',
      'nothex',
      shopSignature('another-secret-entirely', JSON.stringify(order)),
      shopSignature(SECRET, JSON.stringify({ ...order, credits: 2000 })),
    ]) {
      const response = await postOrder(order, signature);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(CREDIT_MESSAGES.badSignature);
    }
    // Malformed JSON without a signature is refused before it is parsed.
    expect(
      (await app.request('/api/shop/orders', { method: 'POST', body: '{"broken', headers: { 'Content-Type': 'application/json' } })).status,
    ).toBe(401);
    expect(await balance()).toBe(5);
    expect(await platform.orm.em.fork().count(Invoice, {})).toBe(0);
  });

  it('adds credits once, found by the main account email, even when the order arrives 20 times at once', async () => {
    const order = creditsOrder('ORD-1001');
    const responses = await Promise.all(Array.from({ length: 20 }, () => postOrder(order)));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { success: boolean; invoice_id: number; duplicate: boolean }[];
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.invoice_id)).size).toBe(1);
    expect(await balance()).toBe(25);
    const em = platform.orm.em.fork();
    expect(await ledgerSumOf(em, ids.company)).toBe(25);
    expect(await em.find(CreditTransaction, { orderId: 'ORD-1001' })).toMatchObject([
      { kind: 'purchase', delta: 20, balanceAfter: 25, actorName: 'Shop', companyId: ids.company },
    ]);
    expect(await em.find(Invoice, { orderId: 'ORD-1001' })).toMatchObject([
      { kind: 'credits', companyId: ids.company, credits: 20, amountMinor: 30000, currency: 'GBP' },
    ]);

    // Later, once more: 200, nothing changes.
    const again = await postOrder(order);
    expect(await again.json()).toMatchObject({ success: true, duplicate: true, message: CREDIT_MESSAGES.orderSeen });
    expect(await balance()).toBe(25);
  });

  it('finds the company by id, and answers 422 for an unknown one', async () => {
    expect(
      (
        await postOrder(
          creditsOrder('ORD-1002', { company_id: ids.company, customer_email: 'someone@else.test', credits: 3, amount_minor: 4500 }),
        )
      ).status,
    ).toBe(200);
    expect(await balance()).toBe(28);
    expect((await postOrder(creditsOrder('ORD-1003', { customer_email: 'nobody@nowhere.test' }))).status).toBe(422);
  });

  it('makes an individual a purchased learner in the default company, enrolled on the course, not charged', async () => {
    const order = {
      order_id: 'ORD-2001',
      kind: 'course',
      course_id: ids.course,
      customer_name: 'Ivy Individual',
      customer_email: 'ivy@example.test',
      amount_minor: 4900,
      currency: 'GBP',
    };
    const responses = await Promise.all(Array.from({ length: 5 }, () => postOrder(order)));
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
    const em = platform.orm.em.fork();
    const [invoice] = await em.find(Invoice, { orderId: 'ORD-2001' });
    expect(invoice).toMatchObject({
      kind: 'course',
      companyId: DEFAULT_COMPANY_ID,
      courseId: ids.course,
      courseName: 'Asbestos Awareness',
    });
    const [learner] = await platform.identity.usersByIds([invoice!.userId!]);
    expect(learner).toMatchObject({ email: 'ivy@example.test', role: 'learner', companyId: DEFAULT_COMPANY_ID, purchasedAccount: true });
    expect(await em.find(Enrolment, { userId: learner!.id })).toMatchObject([
      { courseId: ids.course, companyId: DEFAULT_COMPANY_ID, status: 'not_started' },
    ]);
    expect(await em.count(CreditTransaction, { companyId: DEFAULT_COMPANY_ID })).toBe(0);
    sessionsOfBuyer.ivy = await world.identity.signIn(learner!.id);
  });
});

const sessionsOfBuyer = {} as Record<'ivy', string>;

describe('GET /api/purchase-history', () => {
  const list = async (session: string, query: Record<string, string> = {}) => {
    const response = await as(session).call(purchaseHistory, { query });
    expect(response.status).toBe(200);
    return (await response.json()) as Page<InvoiceItem>;
  };

  it("shows a manager their company's invoices, sortable and searchable", async () => {
    const page = await list(sessions.manager);
    expect(page.data.map((i) => i.order_id)).toEqual(['ORD-1002', 'ORD-1001']);
    expect(page.data[1]).toMatchObject({
      kind: 'credits',
      credits: 20,
      course_name: null,
      amount_minor: 30000,
      currency: 'GBP',
      order_pdf: `/api/purchase-history/${page.data[1]!.id}/pdf`,
    });
    expect((await list(sessions.manager, { order_by: 'amount', order_dir: 'asc' })).data.map((i) => i.order_id)).toEqual([
      'ORD-1002',
      'ORD-1001',
    ]);
    expect((await list(sessions.manager, { search: '1001' })).data.map((i) => i.order_id)).toEqual(['ORD-1001']);
    expect((await list(sessions.manager, { search: 'no such order' })).total).toBe(0);
  });

  it('shows another company’s manager none of them, a learner without purchases nothing, and a buyer their own', async () => {
    expect((await list(sessions.otherManager)).total).toBe(0);
    expect((await list(sessions.admin)).total).toBe(0);
    expect((await list(sessions.learner)).total).toBe(0);
    expect((await list(sessionsOfBuyer.ivy)).data).toMatchObject([
      { order_id: 'ORD-2001', kind: 'course', course_name: 'Asbestos Awareness' },
    ]);
    expect((await list(sessionsOfBuyer.ivy, { search: 'asbestos' })).total).toBe(1);
  });

  it('downloads an invoice as a real one-page PDF, and another company’s invoice is not found', async () => {
    const [invoice] = (await list(sessions.manager, { search: '1001' })).data;
    const response = await as(sessions.manager).call(invoicePdf, { params: { id: invoice!.id } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="invoice-ORD-1001.pdf"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    if (text !== null) {
      expect(text).toContain('ORD-1001');
      expect(text).toContain('20 training credits');
      expect(text).toContain('£300.00');
      expect(text).toMatch(/Date: \d{2}\/\d{2}\/\d{4}/);
    }

    for (const session of [sessions.otherManager, sessions.learner, sessionsOfBuyer.ivy]) {
      expect((await as(session).call(invoicePdf, { params: { id: invoice!.id } })).status).toBe(404);
    }
    expect((await as(sessions.manager).call(invoicePdf, { params: { id: 999999 } })).status).toBe(404);
  });
});

/** The PDF's text by poppler's pdftotext, or null where it is not installed. */
function pdfText(bytes: Buffer): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
  try {
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
