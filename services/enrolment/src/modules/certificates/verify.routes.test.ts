import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { makeCompany, makeUser } from '@portal/identity-service/testing';
import { makeCourse } from '@portal/catalogue-service/testing';
import { createEnrolmentApp } from '../../app';
import { createEnrolmentTestPlatform } from '../../testing/test-platform';
import { makeEnrollment } from '../../testing/factories';
import type { EnrollmentStatus } from '../enrollments/enrollment.entity';

const unique = () => randomBytes(4).toString('hex').toUpperCase();
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-06-15T12:00:00Z');
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY);
const NOT_FOUND = {
  valid: false,
  courseName: null,
  learnerName: null,
  passed: false,
  passed_at: null,
  expired: false,
  expired_at: null,
  error: 'Certificate not found or is not valid',
};

let platform: TestPlatform;
let app: ReturnType<typeof createEnrolmentApp>;
const codes = {} as Record<'valid' | 'expired' | 'expiresNow' | 'failed', string>;

async function certificate(em: Em, input: { userId: number; courseId: number; companyId: number; status: EnrollmentStatus; passedAt?: Date; expiresAt?: Date | null }) {
  const code = `CERT-${unique()}`;
  await makeEnrollment(em, { ...input, certificateCode: code });
  return code;
}

const verify = (code: string) => new TestClient(app).request(`/api/certificates/verify?${new URLSearchParams({ code })}`);

beforeAll(async () => {
  platform = await createEnrolmentTestPlatform({ now: () => NOW });
  app = createEnrolmentApp(platform);
  const em = platform.orm.em.fork();
  const company = await makeCompany(em, { name: 'Quarry Ltd' });
  const learner = await makeUser(em, { role: 'learner', companyId: company.id, name: 'Rowan Ellis', email: 'rowan@quarry.test' });
  const course = await makeCourse(em, { name: 'Working at Height', description: '' });
  const base = { userId: learner.id, courseId: course.id, companyId: company.id };
  codes.valid = await certificate(em, { ...base, status: 'passed', passedAt: daysFromNow(-30), expiresAt: daysFromNow(335) });
  codes.expired = await certificate(em, { ...base, status: 'passed', passedAt: daysFromNow(-400), expiresAt: daysFromNow(-35) });
  codes.expiresNow = await certificate(em, { ...base, status: 'passed', passedAt: daysFromNow(-365), expiresAt: NOW });
  codes.failed = await certificate(em, { ...base, status: 'failed' });
});
afterAll(() => platform.close());

describe('GET /api/certificates/verify', () => {
  it('confirms a valid certificate to anyone, with course, learner and dates', async () => {
    const response = await verify(codes.valid);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      valid: true,
      courseName: 'Working at Height',
      learnerName: 'Rowan Ellis',
      passed: true,
      passed_at: daysFromNow(-30).toISOString(),
      expired: false,
      expired_at: daysFromNow(335).toISOString(),
      error: null,
    });
  });

  it('accepts the code in lower case and with spaces around it', async () => {
    for (const typed of [codes.valid.toLowerCase(), `  ${codes.valid} `]) {
      expect(((await (await verify(typed)).json()) as { valid: boolean }).valid, typed).toBe(true);
    }
  });

  it('says an expired certificate is not valid, and that it has expired', async () => {
    expect(await (await verify(codes.expired)).json()).toEqual({
      valid: false,
      courseName: 'Working at Height',
      learnerName: 'Rowan Ellis',
      passed: true,
      passed_at: daysFromNow(-400).toISOString(),
      expired: true,
      expired_at: daysFromNow(-35).toISOString(),
      error: 'This certificate has expired.',
    });
    expect(await (await verify(codes.expiresNow)).json()).toMatchObject({ valid: false, expired: true });
  });

  it('does not find an unknown code, nor the code of an enrolment that was not passed', async () => {
    for (const code of ['CERT-NOSUCHCODE', codes.failed]) {
      const response = await verify(code);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers 422 under code for a missing, blank or overlong code', async () => {
    for (const path of ['/api/certificates/verify', '/api/certificates/verify?code=%20%20', `/api/certificates/verify?code=${'A'.repeat(65)}`]) {
      const response = await new TestClient(app).request(path);
      expect(response.status, path).toBe(422);
      const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(Object.keys(body.errors), path).toEqual(['code']);
    }
  });
});
