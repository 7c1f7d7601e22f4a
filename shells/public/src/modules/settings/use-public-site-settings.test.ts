import { renderHook, waitFor } from '@testing-library/react';
import { act } from 'react';
import { DEFAULT_SITE_SETTINGS } from '@portal/contracts';
import { currentSiteSettings, resetSiteSettings } from '@portal/frontend-kit';
import { reply, type FakeHandler } from '@portal/frontend-kit/testing';
import { usePublicSiteSettings } from './use-public-site-settings';

const server = vi.hoisted((): { settings: FakeHandler } => ({ settings: () => ({}) }));

vi.mock('../api/api-client', async () => {
  const { fakeApi } = await import('@portal/frontend-kit/testing');
  return { api: fakeApi({ 'GET /api/site-settings': (request) => server.settings(request) }).api };
});

const PUBLIC = {
  help_email: 'desk@example.test',
  help_url: 'https://example.test/help',
  privacy_url: 'https://example.test/privacy',
  terms_url: 'https://example.test/terms',
  support_contact: 'Ring 01234 567890',
};

describe('usePublicSiteSettings', () => {
  afterEach(() => act(() => resetSiteSettings()));

  it('publishes what the public route answers, keeping the defaults for signed-in-only fields', async () => {
    server.settings = () => ({ data: PUBLIC });
    renderHook(() => usePublicSiteSettings());
    await waitFor(() => expect(currentSiteSettings().help_email).toBe('desk@example.test'));
    expect(currentSiteSettings()).toEqual({ ...DEFAULT_SITE_SETTINGS, ...PUBLIC });
  });

  it('keeps the defaults when the settings cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.settings = () => reply(503, { message: 'Down' });
    renderHook(() => usePublicSiteSettings());
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(currentSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  });
});
