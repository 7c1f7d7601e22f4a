import { act, renderHook } from '@testing-library/react';
import { DEFAULT_SITE_SETTINGS } from '@portal/contracts';
import { currentSiteSettings, publishSiteSettings, resetSiteSettings, useSiteSettings } from './use-site-settings';

describe('useSiteSettings', () => {
  afterEach(() => act(() => resetSiteSettings()));

  it('reads the defaults until a shell publishes settings', () => {
    const { result } = renderHook(() => useSiteSettings());
    expect(result.current).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('re-renders with what the shell publishes, keeping defaults for fields left out', () => {
    const { result } = renderHook(() => useSiteSettings());
    act(() => publishSiteSettings({ help_email: 'desk@example.test', credit_purchase_url: 'https://buy.example.test/credits' }));
    expect(result.current.help_email).toBe('desk@example.test');
    expect(result.current.credit_purchase_url).toBe('https://buy.example.test/credits');
    expect(result.current.terms_url).toBe(DEFAULT_SITE_SETTINGS.terms_url);
    expect(currentSiteSettings()).toBe(result.current);
  });

  it('is shared through globalThis, so a second copy of the kit sees the same settings', async () => {
    publishSiteSettings({ support_contact: 'Ring us' });
    vi.resetModules();
    const copy = await import('./use-site-settings');
    expect(copy.currentSiteSettings().support_contact).toBe('Ring us');
  });
});
