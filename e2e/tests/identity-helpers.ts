import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { mailSinkPorts } from '../support/mail-sink';

/** The mail sink beside the portal this project runs against (see support/serve-portal.ts). */
export async function waitForMail(request: APIRequestContext, baseURL: string, to: string, subject: string, after = 0) {
  const { http } = mailSinkPorts(Number(new URL(baseURL).port));
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`http://127.0.0.1:${http}/messages?to=${encodeURIComponent(to)}`)).json()) as { subject: string; text: string }[];
        found = mails.slice(after).reverse().find((m) => m.subject === subject);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export async function mailCount(request: APIRequestContext, baseURL: string, to: string): Promise<number> {
  const { http } = mailSinkPorts(Number(new URL(baseURL).port));
  return ((await (await request.get(`http://127.0.0.1:${http}/messages?to=${encodeURIComponent(to)}`)).json()) as unknown[]).length;
}

/** The path (and query) of the first link in a mail, to open on this project's origin. */
export function linkPath(text: string): string {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in: ${text}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

export const uniqueTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Calls the API as the browser context's session (XSRF header from its cookie). */
export async function apiAs(context: BrowserContext, baseURL: string, method: string, path: string, data?: unknown) {
  const cookies = await context.cookies(baseURL);
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await context.request.fetch(`${baseURL}${path}`, {
    method,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
    ...(data === undefined ? {} : { data }),
  });
  return response;
}

/** Signs the page in as the demo admin and creates a company with a manager; returns the manager's sign-in. */
export async function createCompanyWithManager(page: Page, baseURL: string, name: string) {
  const tag = uniqueTag();
  const email = `manager-${tag}@e2e.test`;
  const response = await apiAs(page.context(), baseURL, 'POST', '/api/company/createCompanyAndUser', {
    name,
    manager_name: `Manny ${tag}`,
    manager_email: email,
    credit_balance: 3,
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { password: string; data: { id: number } };
  return { email, password: body.password, companyId: body.data.id, managerName: `Manny ${tag}` };
}
