import { useEffect, type ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { fakeApi } from '@portal/frontend-kit/testing';
import type { QueueHooks } from './commit-queue';
import { OFFLINE_REOPEN, type LaunchData } from './player-session-state';
import { launchOf } from './testing/launch-of';
import type { openScoRuntime, ScoEnd } from './sco-runtime';
import { rememberCommit, rememberLaunch } from './launch-copy';
import { usePlayerSession } from './use-player-session';

/** Each runtime the session opened: its options (onEnd, nextSeq…) and its spies. */
const runtimes = vi.hoisted(() => [] as { options: Parameters<typeof openScoRuntime>[0]; finishIfOpen: () => void; detach: () => void }[]);
const queue = vi.hoisted(() => ({ hooks: {} as QueueHooks, waiting: 0, discardAttempt: vi.fn(), drain: vi.fn(() => Promise.resolve()) }));

vi.mock('./sco-runtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./sco-runtime')>()),
  openScoRuntime: vi.fn((options: Parameters<typeof openScoRuntime>[0]) => {
    const runtime = { options, finishIfOpen: vi.fn(), detach: vi.fn(), frameSeed: () => `seed-${options.sco.identifier}` };
    runtimes.push(runtime);
    return runtime;
  }),
}));
vi.mock('./launch-copy', () => ({
  rememberLaunch: vi.fn(),
  rememberCommit: vi.fn(),
  rememberContentKept: vi.fn(),
  forgetLaunch: vi.fn(),
  offlineLaunch: vi.fn(() => null),
}));
vi.mock('./player-http-service', () => ({
  commitQueue: () => ({
    ...queue,
    setHooks: (hooks: QueueHooks) => {
      queue.hooks = hooks;
    },
  }),
  waitForPendingCommits: () => Promise.resolve(),
}));

/** Where the router is (the session navigates when it leaves). */
const where = { pathname: '' };
function LocationProbe() {
  const { pathname } = useLocation();
  useEffect(() => {
    where.pathname = pathname;
  });
  return null;
}

function renderSession(initial: LaunchData, initialSeq = 0) {
  const { api, requests } = fakeApi({
    'GET /api/learn/9': () => ({ enrollment: { status: 'passed' }, course: { name: 'Fire safety' } }),
    'POST /api/learn/9/launch': () => launchOf(8),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/learn/9']}>
      {children}
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>
  );
  const hook = renderHook(() => usePlayerSession({ api, enrolmentId: '9', userId: '5', initial, initialSeq }), { wrapper });
  return { ...hook, requests };
}

/** The content of the current SCO ends its session (scorm-again's finish, then its navigation request). */
function endSco(end: ScoEnd) {
  act(() => runtimes.at(-1)?.options.onEnd(end));
}

beforeEach(() => {
  runtimes.length = 0;
  queue.waiting = 0;
  queue.discardAttempt.mockClear();
  vi.mocked(rememberLaunch).mockClear();
});

describe('usePlayerSession', () => {
  it('opens the launch’s starting SCO in a frame seeded with its CMI, numbering commits on from the attempt’s last', () => {
    const { result } = renderSession(launchOf(7, 1), 4);
    expect(result.current.index).toBe(1);
    expect(result.current.scoFrame).toEqual({ key: 1, src: `http://content.test/c/tok/__portal/sco.html#@@portal-scorm=seed-b` });
    expect(rememberLaunch).toHaveBeenCalledWith('5', '9', expect.objectContaining({ attempt_id: 7 }), 1);
    const { options } = runtimes[0]!;
    expect(options.owner).toEqual({ userId: '5', enrollmentId: '9', attemptId: 7 });
    expect(options.nextSeq()).toBe(5);
    options.onCommit?.(5, { 'cmi.core.lesson_location': '3' });
    expect(rememberCommit).toHaveBeenCalledWith('5', '9', { attemptId: 7, index: 1, seq: 5, cmi: { 'cmi.core.lesson_location': '3' } });
  });

  it('goes to the next SCO when one asks for it, and leaves for the finish address after the last, with the result notice', async () => {
    const { result, requests } = renderSession(launchOf(7));
    endSco({ reason: 'next', isDone: true });
    await waitFor(() => expect(result.current.index).toBe(1));
    expect(runtimes[0]!.finishIfOpen).toHaveBeenCalled();
    expect(runtimes[0]!.detach).toHaveBeenCalled();
    expect(result.current.scoFrame?.key).toBe(2);
    expect(result.current.isBusy).toBe(false);

    where.pathname = '/learn/9';
    endSco({ reason: 'finished', isDone: true });
    await waitFor(() => expect(where.pathname).toBe('/'));
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/learn/9']);
  });

  it('ignores the end of a SCO the player has already moved on from', async () => {
    const { result } = renderSession(launchOf(7));
    const first = runtimes[0]!;
    await act(() => result.current.goTo(1));
    act(() => first.options.onEnd({ reason: 'next', isDone: true }));
    expect(result.current.index).toBe(1);
    expect(runtimes).toHaveLength(2);
  });

  it('stops when the attempt was continued somewhere else, and shows the save the server refused', () => {
    const { result } = renderSession(launchOf(7));
    act(() => queue.hooks.onRefused?.('Too much suspend data', 413));
    expect(result.current.saveError).toBe('Too much suspend data');
    act(() => result.current.dismissSaveError());
    act(() => queue.hooks.onRefused?.('Server error', 500));
    expect(result.current.saveError).toBeNull();

    act(() => queue.hooks.onSuperseded?.(6));
    expect(result.current.isSuperseded).toBe(false);
    act(() => queue.hooks.onSuperseded?.(7));
    expect(result.current.isSuperseded).toBe(true);
    expect(queue.discardAttempt).toHaveBeenCalledWith(7);
    expect(runtimes[0]!.detach).toHaveBeenCalled();
  });

  it('re-watches from the start with a new launch online, and says it opens again when back online offline', async () => {
    const { result, requests } = renderSession(launchOf(7, 1));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(() => result.current.rewatch());
    expect(result.current.saveError).toBe(OFFLINE_REOPEN);
    onLine.mockRestore();

    await act(() => result.current.rewatch());
    expect(requests.at(-1)?.query.get('from')).toBe('start');
    expect(result.current.shownLaunch.attempt_id).toBe(8);
    expect(result.current.index).toBe(0);
    expect(runtimes.at(-1)!.options.nextSeq()).toBe(1);
  });
});
