import { expect, type BrowserContext } from '@playwright/test';

/**
 * Rows of a spec's own, so specs can run side by side (playwright.config.ts runs files in
 * parallel): unique names, made over the API by an admin signed in on `context`.
 */
export const uniqueTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The XSRF cookie a page of `baseURL` echoes: `__Host-XSRF-TOKEN` where cookies are Secure (https), else `XSRF-TOKEN`. */
export async function xsrfCookie(context: BrowserContext, baseURL: string): Promise<string> {
  const cookies = await context.cookies(baseURL);
  return (cookies.find((c) => c.name === '__Host-XSRF-TOKEN') ?? cookies.find((c) => c.name === 'XSRF-TOKEN'))?.value ?? '';
}

/** Calls the API as the context's session (the XSRF header from its cookie). */
export async function apiAs(context: BrowserContext, baseURL: string, method: string, path: string, data?: unknown) {
  const xsrf = await xsrfCookie(context, baseURL);
  return context.request.fetch(`${baseURL}${path}`, {
    method,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
    ...(data === undefined ? {} : { data }),
  });
}

type Multipart = Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;

/** As `apiAs`, with a JSON or multipart body, expecting 200: its JSON answer (what a spec's setup calls). */
export async function callOk(
  context: BrowserContext,
  baseURL: string,
  method: string,
  path: string,
  init: { data?: unknown; multipart?: Multipart } = {},
): Promise<unknown> {
  const xsrf = await xsrfCookie(context, baseURL);
  const response = await context.request.fetch(`${baseURL}${path}`, {
    method,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
    ...init,
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

export interface SeededCompany {
  id: number;
  name: string;
  manager: { email: string; password: string; name: string };
}

/** A new company with its manager (whose generated password comes back once) and `credits` credits. */
export async function seedCompany(
  admin: BrowserContext,
  baseURL: string,
  options: { name?: string; credits?: number } = {},
): Promise<SeededCompany> {
  const tag = uniqueTag();
  const name = options.name ?? `Own Co ${tag}`;
  const manager = { email: `manager-${tag}@e2e.test`, name: `Manny ${tag}` };
  const response = await apiAs(admin, baseURL, 'POST', '/api/company/createCompanyAndUser', {
    name,
    manager_name: manager.name,
    manager_email: manager.email,
    credit_balance: options.credits ?? 3,
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { password: string; data: { id: number } };
  return { id: body.data.id, name, manager: { ...manager, password: body.password } };
}

/** A depot of `parentId` (with its own manager, as an admin creates one), named `name`. */
export async function seedDepot(
  admin: BrowserContext,
  baseURL: string,
  parentId: number,
  name: string,
): Promise<{ id: number; name: string }> {
  const tag = uniqueTag();
  const body = (await callOk(admin, baseURL, 'POST', '/api/company/createCompanyAndUser', {
    data: { name, parent_id: parentId, manager_name: `Depot manager ${tag}`, manager_email: `depot-${tag}@e2e.test` },
  })) as { data: { id: number } };
  return { id: body.data.id, name };
}

export interface SeededLearner {
  id: number;
  name: string;
  email: string | null;
  loginCode: string;
}

/** A learner of `companyId` (a company or a depot), with a login code and, when given, an email. */
export async function seedLearner(
  admin: BrowserContext,
  baseURL: string,
  companyId: number,
  learner: { name: string; email?: string },
): Promise<SeededLearner> {
  const body = (await callOk(admin, baseURL, 'POST', '/api/user', {
    data: { name: learner.name, email: learner.email ?? null, company_id: companyId, role: 'learner' },
  })) as { data: { id: number; login_code: string } };
  return { id: body.data.id, name: learner.name, email: learner.email ?? null, loginCode: body.data.login_code };
}

/** Enrols these learners of `companyId` on a course of the catalogue (the first listed unless named), paid from its credits. */
export async function seedEnrolments(admin: BrowserContext, baseURL: string, companyId: number, userIds: number[], courseId?: number) {
  const course = courseId ?? ((await callOk(admin, baseURL, 'GET', '/api/courses?per_page=1')) as { data: { id: number }[] }).data[0]!.id;
  await callOk(admin, baseURL, 'POST', `/api/company/${companyId}/enroll`, { data: { courses: [course], users: userIds } });
  return course;
}
