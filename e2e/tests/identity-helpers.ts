import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailSinkPorts } from '../support/mail-sink';
import { apiAs, seedCompany, uniqueTag } from '../support/seed';

/** The mail sink beside the portal this project runs against (see support/serve-portal.ts). */
export async function waitForMail(request: APIRequestContext, baseURL: string, to: string, subject: string, after = 0) {
  const { http } = mailSinkPorts(Number(new URL(baseURL).port));
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`http://127.0.0.1:${http}/messages?to=${encodeURIComponent(to)}`)).json()) as {
          subject: string;
          text: string;
        }[];
        found = mails
          .slice(after)
          .reverse()
          .find((m) => m.subject === subject);
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

export { apiAs, uniqueTag };

/** Signs the page in as the demo admin and creates a company with a manager; returns the manager's sign-in. */
export async function createCompanyWithManager(page: Page, baseURL: string, name: string) {
  const company = await seedCompany(page.context(), baseURL, { name });
  return { email: company.manager.email, password: company.manager.password, companyId: company.id, managerName: company.manager.name };
}
