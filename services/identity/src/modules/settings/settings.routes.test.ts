import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SITE_SETTINGS_MESSAGES, type Role, type SiteSettings } from '@portal/contracts';
import { TestClient } from '@portal/service-kit/testing';
import { createIdentityTestWorld, type IdentityTestWorld } from '../../testing/identity-test-world';
import { makeCompany, makeSession, makeUser } from '../../testing/factories';

let world: IdentityTestWorld;
const sessions = {} as Record<Role, string>;

const client = (role?: Role) => new TestClient(world.app, role ? { sessionToken: sessions[role] } : {});

const edited: SiteSettings = {
  help_email: 'Support@Example.test',
  shop_url: 'https://shop.example.test',
  credit_purchase_url: 'https://shop.example.test/credits?ref=portal',
  help_url: 'http://help.example.test/faq',
  privacy_url: 'https://example.test/privacy',
  terms_url: 'https://example.test/terms',
  rating_text: '4.9 Ratings',
  reviews_text: '3000+ Reviews',
  support_contact: 'Call 01234 567890',
};

beforeAll(async () => {
  world = await createIdentityTestWorld();
  const em = world.em();
  const companyId = (await makeCompany(em, { name: 'Settings Co' })).id;
  for (const role of ['learner', 'manager', 'admin'] as const) {
    const user = await makeUser(em, { role, companyId, name: `The ${role}`, email: `${role}@settings.test` });
    sessions[role] = await makeSession(em, user.id);
  }
});
afterAll(() => world.close());

describe('site settings', () => {
  it('reads the defaults before anything is saved, in the Site tab and the shell', async () => {
    const got = await client('admin').request('/api/admin/settings');
    expect(got.status).toBe(200);
    expect(((await got.json()) as { data: SiteSettings }).data).toEqual(DEFAULT_SITE_SETTINGS);
    const shell = (await (await client('learner').request('/api/shell')).json()) as { settings: SiteSettings; help_email: string };
    expect(shell.settings).toEqual(DEFAULT_SITE_SETTINGS);
    expect(shell.help_email).toBe(DEFAULT_SITE_SETTINGS.help_email);
    const publicAnswer = (await (await client().request('/api/site-settings')).json()) as { data: Partial<SiteSettings> };
    expect(publicAnswer.data.help_email).toBe(DEFAULT_SITE_SETTINGS.help_email);
    expect(publicAnswer.data).not.toHaveProperty('credit_purchase_url');
  });

  it('refuses learners and managers', async () => {
    for (const role of ['learner', 'manager'] as const) {
      expect((await client(role).request('/api/admin/settings')).status).toBe(403);
      expect((await client(role).request('/api/admin/settings', { method: 'PUT', json: edited })).status).toBe(403);
    }
  });

  it('refuses addresses that are not http(s) and emails that are not emails, under each field', async () => {
    const response = await client('admin').request('/api/admin/settings', {
      method: 'PUT',
      json: { ...edited, help_email: 'nobody', privacy_url: 'javascript:alert(1)', terms_url: 'ftp://example.test/terms', rating_text: '' },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['help_email', 'privacy_url', 'rating_text', 'terms_url']);
    expect(body.errors.privacy_url?.[0]).toContain('https://');
  });

  it('saves every setting, and the shell (signed in and public) then carries them', async () => {
    const saved = await client('admin').request('/api/admin/settings', { method: 'PUT', json: edited });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as { message: string; data: SiteSettings };
    expect(body.message).toBe(SITE_SETTINGS_MESSAGES.saved);
    const expected = { ...edited, help_email: 'support@example.test' };
    expect(body.data).toEqual(expected);

    const again = (await (await client('admin').request('/api/admin/settings')).json()) as { data: SiteSettings };
    expect(again.data).toEqual(expected);
    const shell = (await (await client('manager').request('/api/shell')).json()) as { settings: SiteSettings; help_email: string };
    expect(shell.settings).toEqual(expected);
    expect(shell.help_email).toBe('support@example.test');
    const publicAnswer = await client().request('/api/site-settings');
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.headers.get('cache-control')).toBe('public, max-age=60');
    // Only the public fields: no shop, credit or rating-strip texts for anyone signed out.
    expect(((await publicAnswer.json()) as { data: Partial<SiteSettings> }).data).toEqual({
      help_email: 'support@example.test',
      help_url: expected.help_url,
      privacy_url: expected.privacy_url,
      terms_url: expected.terms_url,
      support_contact: expected.support_contact,
    });

    // Saving again updates the rows in place.
    const second = await client('admin').request('/api/admin/settings', { method: 'PUT', json: { ...edited, rating_text: '5.0 Ratings' } });
    expect(((await second.json()) as { data: SiteSettings }).data.rating_text).toBe('5.0 Ratings');
  });
});
