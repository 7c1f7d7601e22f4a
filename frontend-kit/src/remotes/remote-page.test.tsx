import { fireEvent, render, screen } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createApiClient } from '@portal/contracts';
import type { RemotePageProps } from './remote-page-props';
import { registerPortalRemotes } from './remote-registry';
import { RemotePage } from './remote-page';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const api = createApiClient();

function VerifyPage({ session }: RemotePageProps) {
  return <p data-testid="verify-prompt">Verify page {session ? 'signed in' : 'anonymous'}</p>;
}

function ThrowingPage(): never {
  throw new Error('render failed');
}

describe('RemotePage', () => {
  beforeAll(() => {
    registerPortalRemotes({ verify: '/remotes/verify/mf-manifest.json', learner: '/remotes/learner/mf-manifest.json' });
  });

  beforeEach(() => {
    vi.mocked(loadRemote).mockReset();
    vi.mocked(registerRemotes).mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('registers the published manifests against this origin', () => {
    registerPortalRemotes({ admin: '/remotes/admin/mf-manifest.json' });
    expect(registerRemotes).toHaveBeenLastCalledWith(
      expect.arrayContaining([{ name: 'admin', entry: `${window.location.origin}/remotes/admin/mf-manifest.json` }]),
    );
  });

  it('shows the loading state, then the fallback with Retry when loading fails, then the page after Retry', async () => {
    vi.mocked(loadRemote).mockRejectedValueOnce(new Error('manifest 404')).mockResolvedValueOnce({ default: VerifyPage });
    render(<RemotePage remote="verify" module="verify" api={api} />);

    expect(screen.getByTestId('remote-loading')).toBeTruthy();
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback.textContent).toContain('This part of the portal could not be loaded');
    expect(loadRemote).toHaveBeenCalledWith('verify/verify');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    // Retry makes the runtime fetch that remote's manifest again.
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'verify', entry: expect.stringContaining('/remotes/verify/') as string }], {
      force: true,
    });
    expect((await screen.findByTestId('verify-prompt')).textContent).toBe('Verify page anonymous');
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('falls back when the remote is not published, without asking the runtime', async () => {
    render(<RemotePage remote="company" module="routes" api={api} />);
    await screen.findByTestId('remote-fallback');
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('falls back when the loaded page throws while rendering', async () => {
    vi.mocked(loadRemote).mockResolvedValueOnce({ default: ThrowingPage });
    render(<RemotePage remote="learner" module="routes" api={api} />);
    expect((await screen.findByTestId('remote-fallback')).getAttribute('role')).toBe('alert');
  });
});
