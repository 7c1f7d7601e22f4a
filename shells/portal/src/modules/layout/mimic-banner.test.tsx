import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ShellProvider } from '../session/shell-context';
import { shellData } from '../../testing/shell-data';
import { AppLayout } from './app-layout';
import { MimicBanner } from './mimic-banner';

const server = vi.hoisted(() => ({ unmimics: 0 }));

vi.mock('../api/api-client', async () => {
  const { fakeApi } = await import('@portal/frontend-kit/testing');
  return {
    api: fakeApi({
      'POST /api/user/unMimicCompany': () => {
        server.unmimics += 1;
        return { success: true };
      },
      'GET /api/credit-balance': () => ({ credit_balance: 12 }),
    }).api,
  };
});

const mimicking = shellData('admin', { name: 'Alex Admin', company_name: 'Acme Scaffolding Ltd', is_mimicking: true });

describe('MimicBanner', () => {
  it('names the mimicked company and who is signed in, and Un-mimic Company ends it and reloads', async () => {
    const onEnded = vi.fn();
    render(<MimicBanner user={mimicking.user} onEnded={onEnded} />);
    const banner = screen.getByRole('region', { name: 'Mimicking a company' });
    expect(banner.textContent).toContain('You are mimicking Acme Scaffolding Ltd');
    expect(banner.textContent).toContain('Signed in as Alex Admin');
    fireEvent.click(screen.getByRole('button', { name: 'Un-mimic Company' }));
    await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
    expect(server.unmimics).toBe(1);
  });

  it('opens every page of the app layout while mimicking, and only then', () => {
    const { unmount } = render(
      <ShellProvider value={mimicking}>
        <MemoryRouter>
          <AppLayout />
        </MemoryRouter>
      </ShellProvider>,
    );
    const banner = screen.getByTestId('mimic-banner');
    // Before the header: the first thing after the skip link.
    expect(banner.previousElementSibling?.textContent).toBe('Skip to content');
    unmount();
    render(
      <ShellProvider value={shellData('admin')}>
        <MemoryRouter>
          <AppLayout />
        </MemoryRouter>
      </ShellProvider>,
    );
    expect(screen.queryByTestId('mimic-banner')).toBeNull();
  });
});
