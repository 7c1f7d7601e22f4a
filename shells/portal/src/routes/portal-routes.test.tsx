import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { Role } from '@portal/contracts';
import { registerPortalRemotes, resetRemote, type RemotePageProps } from '@portal/frontend-kit';
import { remoteRoutes } from '@portal/frontend-kit/routes';
import { ShellProvider } from '../modules/session/shell-context';
import { shellData } from '../testing/shell-data';
import { PortalRoutes } from './portal-routes';
import { REMOTE_ROUTE_TABLES } from './remote-route-tables';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('../modules/api/api-client', async () => {
  const { fakeApi } = await import('@portal/frontend-kit/testing');
  return { api: fakeApi({ 'GET /api/credit-balance': () => ({ credit_balance: 12 }) }).api };
});

/** Each remote page shows which module it is and who it was given. */
function pageFor(key: string) {
  return function RemotePageStub({ session }: RemotePageProps) {
    return (
      <p data-testid="remote-page">
        {key} for {session?.role}
      </p>
    );
  };
}

/**
 * What a remote publishes, its pages stubbed: a routes module (the remote's own route table, each
 * page a stub naming it), or a page module.
 */
function remoteModule(key: string) {
  const [remote, module] = key.split('/');
  const table = REMOTE_ROUTE_TABLES.find((candidate) => candidate.remote === remote && candidate.module === module);
  if (!table || module !== 'routes') return { default: pageFor(key) };
  const pages = Object.fromEntries(
    table.routes.map(({ page }) => [page, () => Promise.resolve({ default: pageFor(`${remote}/${page}`) })]),
  );
  return { default: remoteRoutes(table.routes, pages) };
}

function renderPortal(role: Role, url: string) {
  const data = shellData(role);
  registerPortalRemotes(data.remotes);
  render(
    <ShellProvider value={data}>
      <MemoryRouter initialEntries={[url]}>
        <PortalRoutes />
      </MemoryRouter>
    </ShellProvider>,
  );
}

describe('PortalRoutes', () => {
  beforeEach(() => {
    vi.mocked(loadRemote).mockReset();
    vi.mocked(loadRemote).mockImplementation((key: string) => Promise.resolve(remoteModule(key)));
  });

  it.each([
    ['learner', '/', 'learner/learner-dashboard'],
    ['learner', '/account', 'learner/learner-account'],
    ['manager', '/account', 'company/account'],
    ['admin', '/account', 'company/account'],
    ['manager', '/', 'company/dashboard'],
    ['manager', '/courses', 'company/courses'],
    ['admin', '/courses/edit/5', 'company/edit-course'],
    ['manager', '/companyCourse/edit/3', 'company/edit-course'],
    ['manager', '/account/depot/3', 'company/account'],
    ['manager', '/enrolments/create/v2', 'company/enrol-wizard'],
    ['admin', '/enrolments/create', 'company/enrol'],
    ['admin', '/admin', 'admin/admin-dashboard'],
    ['admin', '/admin/users/5', 'admin/admin-dashboard'],
    ['manager', '/purchase-history', 'company/purchase-history'],
    ['manager', '/reporting', 'company/enrolments'],
    ['admin', '/enrolments/12/edit', 'company/edit-enrolment'],
    ['manager', '/people', 'company/people'],
    ['manager', '/people/12', 'company/people'],
    ['admin', '/account/purchase-history', 'company/purchase-history'],
    // A purchased learner's invoices (a learner without purchases sees the empty list).
    ['learner', '/purchase-history', 'company/purchase-history'],
    ['learner', '/account/purchase-history', 'company/purchase-history'],
  ] as const)('gives a %s at %s the page %s, in the app layout', async (role, url, key) => {
    renderPortal(role, url);
    expect((await screen.findByTestId('remote-page')).textContent).toBe(`${key} for ${role}`);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
  });

  it.each([
    ['learner', '/admin'],
    ['learner', '/courses'],
    ['learner', '/account/depot/3'],
    ['manager', '/admin'],
    ['manager', '/no/such/page'],
  ] as const)('shows a %s at %s the not-found page', (role, url) => {
    renderPortal(role, url);
    expect(screen.getByTestId('not-found-page')).toBeTruthy();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('gives learner course pages the minimal layout, with Exit course', async () => {
    renderPortal('learner', '/learn/7/activities/2');
    expect((await screen.findByTestId('remote-page')).textContent).toBe('learner/learner-course-activities for learner');
    expect(screen.getByTestId('exit-course').getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('falls back in place of a remote page that cannot load, keeping the menu, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadRemote).mockRejectedValueOnce(new Error('manifest 404'));
    // Loaded remote modules are kept for the session: this one loads afresh.
    resetRemote('learner');
    renderPortal('manager', '/activity-code/7/2');

    const fallback = await screen.findByTestId('remote-fallback');
    expect(within(fallback).getByText('This part of the portal could not be loaded')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();

    fireEvent.click(within(fallback).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('remote-page')).textContent).toBe('learner/activity-code for manager');
  });
});
