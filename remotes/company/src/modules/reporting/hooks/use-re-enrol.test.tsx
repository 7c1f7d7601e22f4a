import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { REPORTING_MESSAGES, type EnrolQuote, type ReportingEnrolmentRow } from '@portal/contracts';
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

const QUOTE_PATH = 'POST /api/company/2/enroll/quote';
const ENROL_PATH = 'POST /api/company/2/enroll';

function quoteOf(extra: Partial<EnrolQuote> = {}): { data: EnrolQuote } {
  return {
    data: {
      enrolments: [{ user_id: 105, learner_name: 'Lee Carter', course_id: 1, course_name: 'Fire Safety', credits: 2, re_enrolment: true }],
      skipped: [],
      credits: 2,
      sources: { company_id: 2, company_name: 'Scaffolders Ltd', balance: 10, parent: null, available: 10 },
      paid_from: [{ company_id: 2, company_name: 'Scaffolders Ltd', amount: 2 }],
      balance_after: 8,
      parent_balance_after: null,
      is_enough: true,
      accounts: [{ company_id: 2, company_name: 'Scaffolders Ltd', balance_before: 10, credits: 2, balance_after: 8 }],
      ...extra,
    },
  };
}

function Harness(props: Parameters<typeof useReEnrol>[0]) {
  const reEnrol = useReEnrol(props);
  return (
    <>
      <button type="button" disabled={reEnrol.busyRowId === row.id} onClick={() => reEnrol.ask(row)}>
        Re-enrol row
      </button>
      {reEnrol.dialog}
    </>
  );
}

function renderReEnrol(handlers: Parameters<typeof fakeApi>[0]) {
  const server = fakeApi(handlers);
  const said: [string, ReactNode][] = [];
  const reload = vi.fn();
  render(
    <Harness
      api={server.api}
      say={(tone, content) => said.push([tone, content])}
      reload={reload}
      creditPurchaseUrl="https://shop.example/credits"
    />,
  );
  const enrolCalls = () => server.requests.filter((r) => r.path === '/api/company/2/enroll');
  return { server, said, reload, enrolCalls };
}

const dialog = () => screen.getByRole('dialog', { name: 'Re-enrol this learner?' });
const confirmButton = () => within(dialog()).getByTestId('spend-confirm');
async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Re-enrol row' }));
  await waitFor(() => expect(within(dialog()).getByTestId('spend-balance-after').textContent).not.toBe(''));
}

describe('useReEnrol asks before it spends (issue 32 item 3)', () => {
  it('shows the learner, the course, the credits and the balance after, and Cancel spends nothing', async () => {
    const { server, enrolCalls } = renderReEnrol({ [QUOTE_PATH]: () => quoteOf(), [ENROL_PATH]: () => ({}) });
    await openDialog();
    expect(server.requests[0]?.body).toEqual({ courses: [1], users: [105], enrollment_id: 5 });
    expect(within(dialog()).getByTestId('spend-learner').textContent).toBe('Lee Carter');
    expect(within(dialog()).getByTestId('spend-course').textContent).toBe('Fire Safety (re-enrolment)');
    expect(within(dialog()).getByTestId('spend-credits').textContent).toBe('2 credits');
    expect(within(dialog()).getByTestId('spend-balance-before').textContent).toBe('10 credits');
    expect(within(dialog()).getByTestId('spend-balance-after').textContent).toBe('8 credits');
    expect(confirmButton().textContent).toBe('Re-enrol (2 credits)');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(enrolCalls()).toEqual([]);
  });

  it('spends once on Confirm, however often it is clicked, with the buttons disabled while it runs', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const { said, reload, enrolCalls } = renderReEnrol({
      [QUOTE_PATH]: () => quoteOf(),
      [ENROL_PATH]: () => new Promise((resolve) => (finish = resolve)),
    });
    await openDialog();
    fireEvent.click(confirmButton());
    fireEvent.click(confirmButton());
    await waitFor(() => expect(enrolCalls()).toHaveLength(1));
    expect(enrolCalls()[0]?.body).toEqual({ courses: [1], users: [105], enrollment_id: 5 });
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog()).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Re-enrol row' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish({}));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(said).toEqual([['success', REPORTING_MESSAGES.reEnrolled('Lee Carter', 'Fire Safety')]]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(enrolCalls()).toHaveLength(1);
  });

  it('says which account pays when a depot’s parent pays part', async () => {
    renderReEnrol({
      [QUOTE_PATH]: () =>
        quoteOf({
          sources: {
            company_id: 2,
            company_name: 'North Depot',
            balance: 1,
            parent: { id: 1, name: 'Head Office', balance: 9 },
            available: 10,
          },
          paid_from: [
            { company_id: 2, company_name: 'North Depot', amount: 1 },
            { company_id: 1, company_name: 'Head Office', amount: 1 },
          ],
          balance_after: 0,
          parent_balance_after: 8,
          accounts: [
            { company_id: 1, company_name: 'Head Office', balance_before: 9, credits: 1, balance_after: 8 },
            { company_id: 2, company_name: 'North Depot', balance_before: 1, credits: 1, balance_after: 0 },
          ],
        }),
    });
    await openDialog();
    expect(within(dialog()).getByTestId('spend-paid-from').textContent).toBe('North Depot 1 credit, Head Office 1 credit');
    expect(within(dialog()).getByTestId('spend-parent-balance-after').textContent).toBe('8 credits (now 9 credits)');
    // The company's own account comes first, whatever order the server lists them in.
    expect(within(dialog()).getByTestId('spend-balance-after').textContent).toBe('0 credits');
  });

  it('cannot be confirmed without the credits, and links to the shop', async () => {
    renderReEnrol({ [QUOTE_PATH]: () => quoteOf({ is_enough: false, balance_after: 0 }) });
    await openDialog();
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog()).getByRole('link', { name: 'Order credit here.' }).getAttribute('href')).toBe('https://shop.example/credits');
  });

  it('shows why when the row can no longer be re-enrolled, with nothing to confirm', async () => {
    renderReEnrol({ [QUOTE_PATH]: () => reply(422, { message: 'Lee Carter was already re-enrolled.', errors: {} }) });
    fireEvent.click(screen.getByRole('button', { name: 'Re-enrol row' }));
    await waitFor(() => expect(within(dialog()).getByText('Lee Carter was already re-enrolled.')).toBeTruthy());
    expect((confirmButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('links to the credit shop when the charge is refused for credit', async () => {
    const { said } = renderReEnrol({
      [QUOTE_PATH]: () => quoteOf(),
      [ENROL_PATH]: () => reply(422, { message: 'You do not have enough credits for this enrollment', errors: {} }),
    });
    await openDialog();
    fireEvent.click(confirmButton());
    await waitFor(() => expect(said[0]?.[0]).toBe('error'));
    render(<>{said[0]?.[1]}</>);
    expect(screen.getByRole('link', { name: 'Order credit here.' }).getAttribute('href')).toBe('https://shop.example/credits');
  });
});
