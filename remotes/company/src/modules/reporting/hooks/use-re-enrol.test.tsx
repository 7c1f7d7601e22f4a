import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { REPORTING_MESSAGES, type ReportingEnrolmentRow } from '@portal/contracts';
import { fakeApi, reply } from '@portal/frontend-kit/testing';
import { useReEnrol } from './use-re-enrol';

const row = {
  id: 5,
  company_id: 2,
  course_id: 1,
  user_id: 105,
  learner_name: 'Lee Carter',
  course_name: 'Fire Safety',
} as ReportingEnrolmentRow;

function renderReEnrol(handlers: Parameters<typeof fakeApi>[0]) {
  const server = fakeApi(handlers);
  const said: [string, ReactNode][] = [];
  const reload = vi.fn();
  const hook = renderHook(() =>
    useReEnrol({
      api: server.api,
      say: (tone, content) => said.push([tone, content]),
      reload,
      creditPurchaseUrl: 'https://shop.example/credits',
    }),
  );
  return { ...hook, server, said, reload };
}

describe('useReEnrol', () => {
  it("re-enrols the row's learner on its course and reloads", async () => {
    const { result, server, said, reload } = renderReEnrol({ 'POST /api/company/2/enroll': () => ({}) });
    await act(() => result.current.reEnrol(row));
    expect(server.requests[0]?.body).toEqual({ courses: [1], users: [105], enrollment_id: 5 });
    expect(said).toEqual([['success', REPORTING_MESSAGES.reEnrolled('Lee Carter', 'Fire Safety')]]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(result.current.busyRowId).toBeNull();
  });

  it('links to the credit shop when the balance does not reach', async () => {
    const { result, said } = renderReEnrol({
      'POST /api/company/2/enroll': () => reply(422, { message: 'You do not have enough credit.', errors: {} }),
    });
    await act(() => result.current.reEnrol(row));
    expect(said[0]?.[0]).toBe('error');
    render(<>{said[0]?.[1]}</>);
    expect(screen.getByRole('link', { name: 'Order credit here.' }).getAttribute('href')).toBe('https://shop.example/credits');
  });
});
