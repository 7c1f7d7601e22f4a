import { renderHook, waitFor } from '@testing-library/react';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { reply, type FakeHandler } from '@portal/frontend-kit/testing';
import { usePublicRemotes } from './use-public-remotes';

const server = vi.hoisted((): { remotes: FakeHandler } => ({ remotes: () => ({}) }));

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('../api/api-client', async () => {
  const { fakeApi } = await import('@portal/frontend-kit/testing');
  return { api: fakeApi({ 'GET /api/remotes': (request) => server.remotes(request) }).api };
});

describe('usePublicRemotes', () => {
  it('registers the published remotes before saying ready', async () => {
    server.remotes = () => ({ remotes: { verify: '/remotes/verify/mf-manifest.json' } });
    const { result } = renderHook(() => usePublicRemotes());
    expect(result.current).toBe('loading');
    await waitFor(() => expect(result.current).toBe('ready'));
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'verify', entry: `${window.location.origin}/remotes/verify/mf-manifest.json` }]);
  });

  it('fails when the registry cannot be read, so the page shows the fallback', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.remotes = () => reply(503, { message: 'Down' });
    const { result } = renderHook(() => usePublicRemotes());
    await waitFor(() => expect(result.current).toBe('failed'));
  });
});
