import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourse, makeUser, signInAs, makeCompany } from './fixtures/factories';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { STORED_FILE_POLICY, portalContentSecurityPolicy } from '../src/security-headers';

let harness: GatewayHarness;
let admin = '';
let courseId = 0;

beforeAll(async () => {
  harness = await createGatewayHarness();
  const em = harness.platform.orm.em.fork();
  const company = await makeCompany(em, { name: 'Platform' });
  const user = await makeUser(em, { role: 'admin', companyId: company.id });
  admin = await signInAs(em, user.id);
  courseId = (await makeCourse(em, { name: 'Stored files' })).id;
  const { storage } = harness.platform;
  await storage.put(`courses/${courseId}/package/index.html`, new TextEncoder().encode('<script>1</script>'));
  await storage.put(`courses/${courseId}/activities/1/notes.html`, new TextEncoder().encode('<script>alert(document.cookie)</script>'));
  await storage.put(`courses/${courseId}/activities/1/guide.pdf`, new TextEncoder().encode('%PDF-1.4'));
  await storage.put(
    `courses/${courseId}/certificate/bg.svg`,
    new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
  );
  await storage.put(`courses/${courseId}/certificate/bg.png`, new Uint8Array([137, 80, 78, 71]));
});
afterAll(() => harness.close());

describe('security headers', () => {
  it('pages and API answers carry a CSP without inline script, object-src none and limited framing', async () => {
    const response = await harness.client().request('/api/health');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('lets remotes published on another origin load, and nothing else', () => {
    const csp = portalContentSecurityPolicy({
      ...harness.platform.env,
      REMOTE_ADMIN_URL: 'https://cdn.example.test/admin/mf-manifest.json',
    });
    expect(csp).toContain("script-src 'self' https://cdn.example.test;");
    expect(csp).toContain("connect-src 'self' https://cdn.example.test;");
  });

  it('API answers with personal data are never stored', async () => {
    const response = await harness.client(admin).request('/api/shell');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('serves activity attachments and HTML, SVG or XML uploads as downloads; the package not at all (the content origin does)', async () => {
    const get = (path: string) => harness.client(admin).request(`/storage/courses/${courseId}/${path}`);
    const html = await get('activities/1/notes.html');
    expect(html.status).toBe(200);
    expect(html.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''notes\.html$/);
    expect(html.headers.get('content-security-policy')).toBe(STORED_FILE_POLICY);
    expect((await get('activities/1/guide.pdf')).headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await get('certificate/bg.svg')).headers.get('content-disposition')).toMatch(/^attachment/);
    const png = await get('certificate/bg.png');
    expect(png.headers.get('content-disposition')).toBeNull();
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await get('package/index.html');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-security-policy')).toBe(STORED_FILE_POLICY);
  });
});
