import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Browser, type BrowserContext } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { DEMO, signInWithPassword } from './personas';
import { callOk, seedCompany, uniqueTag } from './seed';

/**
 * The demo admin in a browser context of its own (its cookies never reach the learner's page):
 * uploads a spec's SCORM package, creates a learner with a login code in a company of the
 * fixture's own (not the demo company, whose rows other specs read meanwhile) and enrols them;
 * `close()` deletes the courses and learners it made.
 */
export function packageLearnerFixture() {
  let admin: BrowserContext | undefined;
  let baseURL = '';
  let companyId = 0;
  const created: { courses: number[]; users: number[] } = { courses: [], users: [] };

  const call = (method: string, path: string, init: Parameters<typeof callOk>[4] = {}) => callOk(admin!, baseURL, method, path, init);

  return {
    async open(browser: Browser, url: string): Promise<void> {
      baseURL = url;
      admin = await browser.newContext({ baseURL });
      const page = await admin.newPage();
      await signInWithPassword(page, DEMO.admin);
      await expect(page).toHaveURL(/\/admin/);
      await page.close();
      companyId = (await seedCompany(admin, baseURL, { name: `Package Co ${uniqueTag()}` })).id;
    },

    /** A course made of `files` (a zip), a new learner `learnerName` signing in with `loginCode`, enrolled. */
    async enrolOnPackage(options: {
      courseName: string;
      learnerName: string;
      loginCode: string;
      files: Record<string, string>;
      passMark?: number;
    }): Promise<{ enrolmentId: number }> {
      const zip = Buffer.from(zipSync(Object.fromEntries(Object.entries(options.files).map(([name, text]) => [name, strToU8(text)]))));
      const course = (await call('POST', '/api/courses', {
        multipart: {
          name: options.courseName,
          'category_ids[]': '1',
          validity_period: '1',
          credit_cost: '1',
          ...(options.passMark === undefined ? {} : { pass_mark: String(options.passMark) }),
          file: { name: 'package.zip', mimeType: 'application/zip', buffer: zip },
        },
      })) as { data: { id: number } };
      created.courses.push(course.data.id);
      const user = (await call('POST', '/api/user', {
        data: { name: options.learnerName, login_code: options.loginCode, company_id: companyId },
      })) as { data: { id: number } };
      created.users.push(user.data.id);
      const enrolment = (await call('POST', `/api/user/${user.data.id}/enroll`, { data: { course_id: course.data.id, force: true } })) as {
        data: { id: number };
      };
      return { enrolmentId: enrolment.data.id };
    },

    /** A GET as the demo admin (their cookies), whatever it answers. */
    adminGet(path: string) {
      return admin!.request.get(`${baseURL}${path}`);
    },

    async close(): Promise<void> {
      if (!admin) return;
      for (const id of created.courses.splice(0)) await call('DELETE', `/api/courses/${id}`);
      for (const id of created.users.splice(0)) await call('DELETE', `/api/user/${id}`);
      await admin.close();
    },
  };
}

/** A package of e2e/fixtures/launch-shapes (issue 20) as its files, zipped by `enrolOnPackage`. */
export function launchShape(name: string): Record<string, string> {
  const root = resolve(import.meta.dirname, '../fixtures/launch-shapes', name);
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else files[path] = readFileSync(join(root, path), 'utf8');
    }
  };
  walk('');
  return files;
}
