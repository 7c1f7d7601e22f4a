import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createApiClient, SIGN_IN_SLIP_MESSAGES, SIGN_IN_SLIPS_SKIPPED_HEADER } from '@portal/contracts';
import { SignInSlipsButtons } from './sign-in-slips-buttons';
import { skippedText } from './use-sign-in-slips';

interface Seen {
  path: string;
  body: unknown;
}

/** A server that answers each download as `answer` says; `hold` keeps it waiting until released. */
function fakeServer(answer: (path: string) => Response) {
  const seen: Seen[] = [];
  let release = () => {};
  const held = { isHolding: false };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    seen.push({ path, body: await request.json() });
    if (held.isHolding) await new Promise<void>((resolve) => (release = resolve));
    return answer(path);
  };
  return { api: createApiClient({ prefix: 'http://portal.test', fetch }), seen, held, release: () => release() };
}

const file = (type: string, name: string, skipped = '0') =>
  new Response('file', {
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"`, [SIGN_IN_SLIPS_SKIPPED_HEADER]: skipped },
  });

describe('SignInSlipsButtons', () => {
  // jsdom has neither blob addresses nor downloads: the test lends the one and records the other.
  const { createObjectURL, revokeObjectURL } = URL;
  const saved: string[] = [];
  const recordDownload = (event: Event) => {
    const link = event.target as HTMLAnchorElement;
    if (link.download) {
      event.preventDefault();
      saved.push(link.download);
    }
  };
  beforeEach(() => {
    saved.length = 0;
    Object.assign(URL, { createObjectURL: () => 'blob:slips', revokeObjectURL: () => undefined });
    document.addEventListener('click', recordDownload);
  });
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    document.removeEventListener('click', recordDownload);
  });

  it('downloads the slips of the chosen learners, showing progress while it waits', async () => {
    const server = fakeServer(() => file('application/pdf', '15-06-2026_sign_in_slips.pdf'));
    server.held.isHolding = true;
    render(<SignInSlipsButtons api={server.api} companyId={4} userIds={[12, 15]} />);
    fireEvent.click(screen.getByRole('button', { name: SIGN_IN_SLIP_MESSAGES.downloadSlips }));
    expect(await screen.findByText(SIGN_IN_SLIP_MESSAGES.downloading)).toBeTruthy();
    expect(screen.getByRole('button', { name: SIGN_IN_SLIP_MESSAGES.downloadSlips }).getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: SIGN_IN_SLIP_MESSAGES.downloadCodes }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => server.release());
    await waitFor(() => expect(saved).toEqual(['15-06-2026_sign_in_slips.pdf']));
    expect(server.seen).toEqual([{ path: '/api/company/4/sign-in-slips', body: { user_ids: [12, 15] } }]);
    await waitFor(() => expect(screen.queryByText(SIGN_IN_SLIP_MESSAGES.downloading)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('downloads the codes as .xlsx and says how many learners had no code', async () => {
    const server = fakeServer(() =>
      file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '15-06-2026_login_codes.xlsx', '2'),
    );
    render(<SignInSlipsButtons api={server.api} companyId={4} userIds={[12, 15, 16]} />);
    fireEvent.click(screen.getByRole('button', { name: SIGN_IN_SLIP_MESSAGES.downloadCodes }));
    expect(await screen.findByText(skippedText(2)!)).toBeTruthy();
    expect(server.seen[0]?.path).toBe('/api/company/4/login-codes');
    expect(saved).toEqual(['15-06-2026_login_codes.xlsx']);
  });

  it('shows the server’s refusal, and a plain sentence when the server fails', async () => {
    const refused = fakeServer(() =>
      Response.json({ message: SIGN_IN_SLIP_MESSAGES.notFound, errors: { user_ids: [SIGN_IN_SLIP_MESSAGES.notFound] } }, { status: 422 }),
    );
    const { unmount } = render(<SignInSlipsButtons api={refused.api} companyId={4} userIds={[99]} />);
    fireEvent.click(screen.getByRole('button', { name: SIGN_IN_SLIP_MESSAGES.downloadSlips }));
    expect((await screen.findByRole('alert')).textContent).toContain(SIGN_IN_SLIP_MESSAGES.notFound);
    expect(saved).toEqual([]);
    unmount();

    const broken = fakeServer(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    render(<SignInSlipsButtons api={broken.api} companyId={4} userIds={[12]} />);
    fireEvent.click(screen.getByRole('button', { name: SIGN_IN_SLIP_MESSAGES.downloadCodes }));
    expect((await screen.findByRole('alert')).textContent).toContain(SIGN_IN_SLIP_MESSAGES.failed);
  });

  it('is disabled without learners', () => {
    const server = fakeServer(() => file('application/pdf', 'x.pdf'));
    render(<SignInSlipsButtons api={server.api} companyId={4} userIds={[]} />);
    expect((screen.getByRole('button', { name: SIGN_IN_SLIP_MESSAGES.downloadSlips }) as HTMLButtonElement).disabled).toBe(true);
    expect(skippedText(0)).toBeNull();
    expect(skippedText(1)).toBe('1 of the chosen learners has no login code and was left out.');
  });
});
