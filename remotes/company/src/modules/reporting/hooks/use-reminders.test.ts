import { act, renderHook } from '@testing-library/react';
import { REPORTING_MESSAGES, type ReportingEnrolmentRow } from '@portal/contracts';
import { fakeApi, reply } from '@portal/frontend-kit/testing';
import { useReminders } from './use-reminders';

const row = { id: 4, company_id: 2 } as ReportingEnrolmentRow;
const lee = { id: 9, name: 'Lee Carter', login_code: 'LEE1' };

function renderReminders(handlers: Parameters<typeof fakeApi>[0]) {
  const server = fakeApi(handlers);
  const said: [string, unknown][] = [];
  const reload = vi.fn();
  const hook = renderHook(() =>
    useReminders({ api: server.api, companyId: 2, say: (tone, content) => said.push([tone, content]), reload }),
  );
  return { ...hook, server, said, reload };
}

describe('useReminders', () => {
  it('reminds one row; a learner without an email is a warning and is listed', async () => {
    const { result, said, reload } = renderReminders({
      'POST /api/company/2/remind/4': () => ({
        success: true,
        message: REPORTING_MESSAGES.reminded,
        reminded: 0,
        skipped_recent: 0,
        no_email: [lee],
      }),
    });
    await act(() => result.current.remindOne(row));
    expect(said).toEqual([['warning', REPORTING_MESSAGES.noEmail]]);
    expect(result.current.unmailable).toEqual([lee]);
    expect(result.current.busyRowId).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    act(() => result.current.clearUnmailable());
    expect(result.current.unmailable).toEqual([]);
  });

  it('reminds everyone on the chosen courses', async () => {
    const { result, server, said } = renderReminders({
      'POST /api/enrollments/remindAll/2': () => ({
        success: true,
        message: 'Reminders sent.',
        reminded: 3,
        skipped_recent: 0,
        no_email: [],
      }),
    });
    await act(() => result.current.remindEveryone([1, 2]));
    expect(server.requests[0]?.body).toEqual({ courses: [1, 2] });
    expect(said).toEqual([['success', 'Reminders sent.']]);
    expect(result.current.isReminding).toBe(false);
  });

  it("shows the server's refusal and reloads nothing", async () => {
    const { result, said, reload } = renderReminders({
      'POST /api/company/2/remind/4': () => reply(429, { message: 'Reminded too recently.' }),
    });
    await act(() => result.current.remindOne(row));
    expect(said).toEqual([['error', 'Reminded too recently.']]);
    expect(reload).not.toHaveBeenCalled();
  });
});
