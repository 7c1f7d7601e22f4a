import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createApiClient } from '@portal/contracts';
import { RemoteBoundary } from '../remotes/remote-boundary';
import type { RemotePageProps } from '../remotes/remote-page-props';
import { remoteRoutes } from './remote-routes';

const api = createApiClient();
const ROUTES = [
  { path: '/people', roles: ['manager'], page: 'people' },
  { path: '/people/:id', roles: ['manager'], page: 'people' },
  { path: '/people/new', roles: ['manager'], page: 'add-person' },
] as const;

function stub(name: string) {
  return { default: ({ session }: RemotePageProps) => <p data-testid="page">{`${name} for ${session?.role ?? 'nobody'}`}</p> };
}

function renderAt(url: string, Routes: ReturnType<typeof remoteRoutes>, key = 0) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <RemoteBoundary key={key} onRetry={() => {}}>
        <Routes api={api} />
      </RemoteBoundary>
    </MemoryRouter>,
  );
}

describe('remoteRoutes', () => {
  it('shows the page of the best-ranked path, loading it on first visit', async () => {
    const Routes = remoteRoutes(ROUTES, {
      people: () => Promise.resolve(stub('people')),
      'add-person': () => Promise.resolve(stub('add')),
    });
    renderAt('/people/new', Routes);
    expect(screen.getByTestId('remote-loading')).toBeTruthy();
    expect((await screen.findByTestId('page')).textContent).toBe('add for nobody');
  });

  it('loads a page again after its load failed (the remote page’s Retry mounts it afresh)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const people = vi.fn().mockRejectedValueOnce(new Error('chunk 404')).mockResolvedValue(stub('people'));
    const Routes = remoteRoutes(ROUTES, { people, 'add-person': () => Promise.resolve(stub('add')) });
    const { unmount } = renderAt('/people/3', Routes);
    await screen.findByTestId('remote-fallback');
    unmount();
    renderAt('/people/3', Routes, 1);
    expect((await screen.findByTestId('page')).textContent).toBe('people for nobody');
    expect(people).toHaveBeenCalledTimes(2);
  });
});
