import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, signInWithPassword } from '../support/personas';
import { listSettled } from '../support/lists';
import { mailSinkPorts } from '../support/mail-sink';
import { postShopOrder, shopSignature } from '../support/shop';
import { apiAs, linkPath, uniqueTag } from './identity-helpers';
import { seedCompany } from '../support/seed';

interface InvoicePage {
  data: { id: number; order_id: string; course_name: string | null }[];
  total: number;
}

async function newSignedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }): Promise<Page> {
  const page = await browser.newPage({ baseURL });
  await signInWithPassword(page, who);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const firstOrderId = (page: Page) => page.getByTestId('purchase-history').locator('tbody tr').first().locator('td').first();

test.describe('purchase history', () => {
  test('a manager sees the demo invoices, sorts by #ID, searches and downloads a PDF', async ({ page }) => {
    await signInWithPassword(page, DEMO.manager);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Purchase History' }).click();
    await expect(page).toHaveURL(/\/purchase-history$/);
    const history = page.getByTestId('purchase-history');
    await expect(history.getByRole('heading', { name: 'Purchase history' })).toBeVisible();
    await listSettled(history);
    // Newest first by default.
    await expect(firstOrderId(page)).toHaveText('#DEMO-ORDER-1002');
    await expect(history.getByRole('row', { name: /DEMO-ORDER-1001/ })).toContainText(/credits/);
    await expect(history.getByRole('row', { name: /DEMO-ORDER-1002/ })).toContainText('15 credits');
    await expect(history.getByRole('row', { name: /DEMO-ORDER-1002/ })).toContainText('£225.00');

    await history.getByRole('button', { name: /#ID/ }).click();
    await expect(page).toHaveURL(/order_by=id&order_dir=asc/);
    await listSettled(history);
    await expect(firstOrderId(page)).toHaveText('#DEMO-ORDER-1001');
    await history.getByRole('button', { name: /#ID/ }).click();
    await expect(page).toHaveURL(/order_dir=desc/);
    await listSettled(history);
    await expect(firstOrderId(page)).toHaveText('#DEMO-ORDER-1002');

    await history.getByLabel('Search invoices').fill('ORDER-1001');
    await expect(page).toHaveURL(/search=ORDER-1001/);
    await listSettled(history);
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expect(firstOrderId(page)).toHaveText('#DEMO-ORDER-1001');

    const downloading = page.waitForEvent('download');
    await history.getByRole('link', { name: 'Download invoice #DEMO-ORDER-1001' }).click();
    const download = await downloading;
    const file = `${test.info().outputDir}/invoice.pdf`;
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    await history.getByLabel('Search invoices').fill('no such order anywhere');
    await expect(history.getByText('No invoices were found matching your request.')).toBeVisible();
    await page.screenshot({ path: `${test.info().outputDir}/purchase-history-no-match.png`, fullPage: true });
    await history.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/search=/);
    await listSettled(history);
    await expect(history.locator('tbody tr')).toHaveCount(2);

    // The account area's address shows the same page, linked from the account page.
    await page.goto('/account');
    await page.getByTestId('account-page').getByRole('link', { name: 'Purchase history' }).click();
    await expect(page).toHaveURL(/\/account\/purchase-history$/);
    await expect(page.getByTestId('purchase-history').getByRole('row', { name: /DEMO-ORDER-1002/ })).toBeVisible();
    await page.screenshot({ path: `${test.info().outputDir}/purchase-history.png`, fullPage: true });
  });

  test('a signed shop order becomes one invoice and one ledger row; a bad signature changes nothing', async ({ page, baseURL }) => {
    // A company of its own: the demo company's balance stays as the specs running alongside read it.
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const company = await seedCompany(page.context(), baseURL!, { name: `Shop Co ${uniqueTag()}` });
    await page.context().clearCookies();
    await signInWithPassword(page, company.manager);
    await expect(page.getByTestId('company-dashboard')).toBeVisible();
    const orderId = `E2E-${uniqueTag()}`.toUpperCase();
    const order = {
      order_id: orderId,
      kind: 'credits' as const,
      company_id: company.id,
      customer_name: company.name,
      customer_email: company.manager.email,
      credits: 25,
      amount_minor: 4999,
      currency: 'GBP',
    };

    const forged = await postShopOrder(page.request, baseURL!, order, shopSignature(JSON.stringify(order), 'not-the-shop-secret-at-all'));
    expect(forged.status()).toBe(401);
    expect((await postShopOrder(page.request, baseURL!, order, '')).status()).toBe(401);
    const searched = async () =>
      ((await (await apiAs(page.context(), baseURL!, 'GET', `/api/purchase-history?search=${orderId}`)).json()) as InvoicePage).total;
    expect(await searched()).toBe(0);

    const first = await postShopOrder(page.request, baseURL!, order);
    expect(first.status()).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, duplicate: false });
    const again = await postShopOrder(page.request, baseURL!, order);
    expect(again.status()).toBe(200);
    expect(await again.json()).toMatchObject({ success: true, duplicate: true });
    expect(await searched()).toBe(1);

    await page.goto(`/purchase-history?search=${orderId}`);
    const history = page.getByTestId('purchase-history');
    await listSettled(history);
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expect(history.locator('tbody tr')).toContainText(`#${orderId}`);
    await expect(history.locator('tbody tr')).toContainText('25 credits');
    await expect(history.locator('tbody tr')).toContainText('£49.99');

    // The purchase is one ledger row on the account page, by the Shop, with its order.
    await page.goto('/account');
    const ledger = page.getByTestId('credit-ledger');
    await ledger.getByLabel('Kind').selectOption('purchase');
    await ledger.getByLabel('Search credit history').fill(orderId);
    await expect(page).toHaveURL(/kind=purchase/);
    await expect(page).toHaveURL(new RegExp(`search=${orderId}`));
    await listSettled(ledger);
    await expect(ledger.locator('tbody tr')).toHaveCount(1);
    await expect(ledger.locator('tbody tr')).toContainText(`Order #${orderId}`);
    await expect(ledger.locator('tbody tr')).toContainText('+25');
    await expect(ledger.locator('tbody tr')).toContainText('Shop');
  });

  test('a learner without purchases sees none and cannot read the company’s; a purchased learner sees their own', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The demo company's invoice, as its manager sees it.
    const manager = await newSignedInPage(browser, baseURL!, DEMO.manager);
    const demoInvoices = (await (
      await apiAs(manager.context(), baseURL!, 'GET', '/api/purchase-history?search=DEMO-ORDER')
    ).json()) as InvoicePage;
    expect(demoInvoices.total).toBeGreaterThan(0);
    const courses = (await (await apiAs(manager.context(), baseURL!, 'GET', '/api/courses?per_page=1&sortBy=name')).json()) as {
      data: { id: number; name: string }[];
    };
    const course = courses.data[0]!;
    await manager.close();

    await signInWithPassword(page, DEMO.learner);
    await expect(page.getByTestId('learner-dashboard')).toBeVisible();
    await expect(page.getByTestId('learner-dashboard').getByRole('link', { name: 'Purchase history' })).toHaveCount(0);
    const own = await apiAs(page.context(), baseURL!, 'GET', '/api/purchase-history');
    if (own.status() === 200) expect(((await own.json()) as InvoicePage).total).toBe(0);
    else expect(own.status()).toBe(403);
    expect([403, 404]).toContain(
      (await apiAs(page.context(), baseURL!, 'GET', `/api/purchase-history/${demoInvoices.data[0]!.id}/pdf`)).status(),
    );
    await page.goto('/purchase-history');
    await expect(page.getByTestId('purchase-history')).toBeVisible();
    await expect(page.getByTestId('purchase-history')).not.toContainText('DEMO-ORDER');
    await expect(page.getByText("You haven't purchased anything yet.").or(page.getByText(/unauthori[sz]ed|not allowed/i))).toBeVisible();

    // An individual buys a course in the shop: a purchased learner account, mailed a sign-in link.
    const tag = uniqueTag();
    const email = `buyer-${tag}@e2e.test`;
    const orderId = `E2E-COURSE-${tag}`.toUpperCase();
    const bought = await postShopOrder(page.request, baseURL!, {
      order_id: orderId,
      kind: 'course',
      course_id: course.id,
      customer_name: `Bea Buyer ${tag}`,
      customer_email: email,
      amount_minor: 2500,
      currency: 'GBP',
    });
    expect(bought.status()).toBe(200);

    const { http } = mailSinkPorts(Number(new URL(baseURL!).port));
    let mailText = '';
    await expect
      .poll(
        async () => {
          const mails = (await (await page.request.get(`http://127.0.0.1:${http}/messages?to=${encodeURIComponent(email)}`)).json()) as {
            text: string;
          }[];
          mailText = mails.find((m) => /https?:\/\//.test(m.text))?.text ?? '';
          return mailText !== '';
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const buyer = await browser.newPage({ baseURL: baseURL! });
    await buyer.goto(linkPath(mailText));
    const dashboard = buyer.getByTestId('learner-dashboard');
    await expect(dashboard).toBeVisible();
    await expect(dashboard).toContainText(course.name);
    // The shop address of the Site tab (other specs may have edited it), as the shell's answer carries it.
    const { settings } = (await (await buyer.request.get('/api/shell')).json()) as { settings: { shop_url: string } };
    await expect(dashboard.getByRole('link', { name: /Visit the shop/ })).toHaveAttribute('href', settings.shop_url);
    await buyer.screenshot({ path: `${test.info().outputDir}/purchased-learner-dashboard.png`, fullPage: true });
    await dashboard.getByRole('link', { name: 'Purchase history' }).click();
    await expect(buyer).toHaveURL(/\/purchase-history$/);
    const history = buyer.getByTestId('purchase-history');
    await listSettled(history);
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expect(history.locator('tbody tr')).toContainText(`#${orderId}`);
    await expect(history.locator('tbody tr')).toContainText(course.name);
    await expect(history.locator('tbody tr')).toContainText('£25.00');
    await expect(history).not.toContainText('DEMO-ORDER');
    await buyer.screenshot({ path: `${test.info().outputDir}/purchased-learner-history.png`, fullPage: true });
    await buyer.close();
  });
});

test.describe('credit history and transfers on the account page', () => {
  test('an enrolment shows in the ledger; a transfer to a depot asks first, moves credits and refreshes the header', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = uniqueTag();
    await signInWithPassword(page, DEMO.admin);
    await expect(page).toHaveURL(/\/admin/);
    const managerEmail = `ledger-${tag}@e2e.test`;
    const created = await apiAs(page.context(), baseURL!, 'POST', '/api/company/createCompanyAndUser', {
      name: `Ledger Co ${tag}`,
      manager_name: `Lena ${tag}`,
      manager_email: managerEmail,
      credit_balance: 20,
    });
    expect(created.status()).toBe(200);
    const company = (await created.json()) as { password: string; data: { id: number } };
    const depotName = `Ledger Yard ${tag}`;
    expect(
      (
        await apiAs(page.context(), baseURL!, 'POST', '/api/company/createCompanyAndUser', {
          name: depotName,
          manager_name: 'Yard Manager',
          manager_email: `ledger-yard-${tag}@e2e.test`,
          parent_id: company.data.id,
        })
      ).status(),
    ).toBe(200);

    const manager = await newSignedInPage(browser, baseURL!, { email: managerEmail, password: company.password });
    const courses = (await (await apiAs(manager.context(), baseURL!, 'GET', '/api/courses?per_page=50&sortBy=name')).json()) as {
      data: { id: number; name: string; credit_cost: number }[];
    };
    // Other specs add courses (one costs 10,000 credits): take a demo course the 20 credits pay for.
    const course = courses.data.find((c) => c.credit_cost > 0 && c.credit_cost <= 20)!;
    const enrolled = await apiAs(manager.context(), baseURL!, 'POST', '/api/company/enroll', {
      courses: [course.id],
      newUsers: [{ name: `Ledger Learner ${tag}` }],
      companyID: company.data.id,
    });
    expect(enrolled.status()).toBe(200);
    const enrolment = (await enrolled.json()) as { data: { enrollment_id: number }[]; credit_balance: number };
    const balance = enrolment.credit_balance;
    expect(balance).toBe(20 - course.credit_cost);

    await manager.goto('/account');
    const ledger = manager.getByTestId('credit-ledger');
    await listSettled(ledger);
    const enrolmentRow = ledger.getByRole('row', { name: new RegExp(`Enrolment #${enrolment.data[0]!.enrollment_id}`) });
    await expect(enrolmentRow).toContainText(`\u2212${course.credit_cost}`);
    await expect(enrolmentRow).toContainText(String(balance));
    await expect(enrolmentRow).toContainText(`Lena ${tag}`);
    await ledger.getByLabel('Kind').selectOption('enrolment');
    await expect(manager).toHaveURL(/kind=enrolment/);
    await listSettled(ledger);
    await expect(ledger.locator('tbody tr')).toHaveCount(1);
    await ledger.getByLabel('Kind').selectOption('');
    await ledger.getByRole('button', { name: /Amount/ }).click();
    await expect(manager).toHaveURL(/order_by=amount&order_dir=asc/);
    await listSettled(ledger);
    await expect(ledger.locator('tbody tr').first()).toContainText('\u2212');

    // Transfer: the server's refusal lands under the field; a good one asks first.
    await expect(manager.getByTestId('header-credits')).toContainText(String(balance));
    const transfer = manager.getByRole('form', { name: 'Transfer credits to a depot' });
    await transfer.getByLabel('Depot').selectOption({ label: depotName });
    await transfer.getByLabel('Credits').fill('999999');
    await transfer.getByRole('button', { name: 'Transfer credits' }).click();
    await manager.getByRole('dialog', { name: 'Transfer credits' }).getByRole('button', { name: 'Transfer' }).click();
    await expect(manager.locator('#transfer-amount-error')).toBeVisible();

    await transfer.getByLabel('Credits').fill('2');
    await transfer.getByLabel(/^Reason/).fill('Start-up credits for the yard');
    await transfer.getByRole('button', { name: 'Transfer credits' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Transfer credits' });
    await expect(dialog).toContainText(`Move 2 credits from your balance to ${depotName}?`);
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expect(manager.getByText('Credits transferred to the depot.')).toBeVisible();
    await expect(manager.getByTestId('header-credits')).toContainText(String(balance - 2));
    await listSettled(ledger);
    const transferRow = ledger.getByRole('row', { name: /Start-up credits for the yard/ });
    await expect(transferRow).toContainText('\u22122');
    await expect(transferRow).toContainText(`to ${depotName}`);
    await manager.screenshot({ path: `${test.info().outputDir}/account-credit-history.png`, fullPage: true });

    // The depot's own credits, chosen in the ledger.
    await ledger.getByLabel('Credits of').selectOption({ label: `${depotName} (depot)` });
    await listSettled(ledger);
    await expect(ledger.getByRole('row', { name: /Start-up credits for the yard/ })).toContainText('+2');
    await manager.close();
  });
});
