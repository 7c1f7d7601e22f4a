import { act, renderHook, waitFor } from '@testing-library/react';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { currentSiteSettings, deviceCopyNames, keepDeviceCopy, resetSiteSettings } from '@portal/frontend-kit';
import { reply, type FakeHandler } from '@portal/frontend-kit/testing';
import { api } from '../api/api-client';
import { shellData } from '../../testing/shell-data';
import { useShellData } from './use-shell-data';

const server = vi.hoisted((): { shell: FakeHandler } => ({ shell: () => ({}) }));

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('../api/api-client', async () => {
  const { fakeApi } = await import('@portal/frontend-kit/testing');
  return { api: fakeApi({ 'GET /api/shell': (request) => server.shell(request) }).api };
});

describe('useShellData', () => {
  beforeEach(() => vi.mocked(registerRemotes).mockClear());

  it('is ready with the server’s header once it answers, and registers the remotes it names', async () => {
    server.shell = () => shellData('manager');
    const { result } = renderHook(() => useShellData());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.status === 'ready' && result.current.data.user.role).toBe('manager');
    expect(registerRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([{ name: 'company', entry: `${window.location.origin}/remotes/company/mf-manifest.json` }]),
    );
  });

  it('publishes the Site settings it carries for useSiteSettings()', async () => {
    const data = shellData('manager');
    server.shell = () => ({ ...data, settings: { ...data.settings, credit_purchase_url: 'https://buy.example.test/credits' } });
    const { result } = renderHook(() => useShellData());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(currentSiteSettings().credit_purchase_url).toBe('https://buy.example.test/credits');
    act(() => resetSiteSettings());
  });

  it('fails on a server error and loads again on reload', async () => {
    server.shell = () => reply(503, { message: 'Down for maintenance' });
    const { result } = renderHook(() => useShellData());
    await waitFor(() => expect(result.current.status).toBe('failed'));

    server.shell = () => shellData('learner');
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it.each([
    [401, { message: 'Unauthenticated.' }],
    [409, { message: 'Moved.', location: '/login' }],
  ])('keeps the spinner on a %i, while the client navigates away', async (status, body) => {
    server.shell = () => reply(status, body);
    const call = vi.spyOn(api, 'call');
    const { result } = renderHook(() => useShellData());
    // Once the request has settled and React has flushed what followed.
    await act(() => (call.mock.results[0]!.value as Promise<unknown>).catch(() => undefined));
    expect(result.current.status).toBe('loading');
    expect(registerRemotes).not.toHaveBeenCalled();
    call.mockRestore();
  });

  describe('offline on the player page (issue 22 item 3)', () => {
    afterEach(() => {
      localStorage.clear();
      window.history.pushState(null, '', '/');
    });

    it('keeps a device copy on a /learn/ page and opens from it when the network is gone', async () => {
      window.history.pushState(null, '', '/learn/12');
      server.shell = () => shellData('learner');
      const first = renderHook(() => useShellData());
      await waitFor(() => expect(first.result.current.status).toBe('ready'));
      first.unmount();

      server.shell = () => {
        throw new TypeError('Failed to fetch');
      };
      const { result } = renderHook(() => useShellData());
      await waitFor(() => expect(result.current.status).toBe('ready'));
      expect(result.current.status === 'ready' && result.current.data.user.role).toBe('learner');
    });

    it('the signed-in user claims the device: another user’s copies go, theirs stay, the header kept under their id (issue 31 item 6)', async () => {
      keepDeviceCopy('shell:8', { user: { id: 8 } });
      keepDeviceCopy('launch:8:40', { seq: 3 });
      keepDeviceCopy('launch:1:12', { seq: 2 });
      window.history.pushState(null, '', '/learn/12');
      server.shell = () => shellData('learner', { id: 1 });
      const { result } = renderHook(() => useShellData());
      await waitFor(() => expect(result.current.status).toBe('ready'));
      expect(deviceCopyNames().sort()).toEqual(['launch:1:12', 'shell:1']);
    });

    it('keeps no copy elsewhere, and fails without the network on any other page', async () => {
      server.shell = () => shellData('learner');
      const first = renderHook(() => useShellData());
      await waitFor(() => expect(first.result.current.status).toBe('ready'));
      first.unmount();
      expect(localStorage.length).toBe(0);

      server.shell = () => {
        throw new TypeError('Failed to fetch');
      };
      window.history.pushState(null, '', '/learn/12');
      const { result } = renderHook(() => useShellData());
      await waitFor(() => expect(result.current.status).toBe('failed'));
    });
  });
});
