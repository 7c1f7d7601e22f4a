import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { REPORTING_MESSAGES, type ReportingEnrolmentRow, type SessionUser } from '@portal/contracts';
import { fakeApi, reply, type FakeHandler, type FakeRequest } from '@portal/frontend-kit/testing';
import { publishSiteSettings, resetSiteSettings } from '@portal/frontend-kit';
import { tileStorageKey } from '../modules/reporting/tile-selection';
import Enrolments from './enrolments';
import { isExpiredPass } from '../modules/reporting/components/enrolments-table';

const session = {
  id: 5,
  name: 'Dana Manager',
  email: 'dana@example.test',
  role: 'manager',
  company_id: 2,
  company_name: 'Acme',
  is_mimicking: false,
} as unknown as SessionUser;
const none = { edit: false, remind: false, delete: false, view_certificate: false, re_enrol: false };

const row = (id: number, change: Partial<ReportingEnrolmentRow> = {}): ReportingEnrolmentRow => ({
  id,
  user_id: 100 + id,
  learner_name: `Learner ${id}`,
  email: `learner${id}@example.test`,
  login_code: `CODE${id}`,
  company_id: 2,
  depot: null,
  course_id: 1,
  course_name: 'Fire Safety',
  status: 'not_started',
  enrolled_at: '2026-04-01T10:00:00.000Z',
  last_activity_at: null,
  passed_at: null,
  expires_at: null,
  expiry_due: false,
  certificate_code: null,
  last_reminded_at: null,
  re_enrolled_at: null,
  actions: { ...none, edit: true, remind: true, delete: true },
  ...change,
});

const ROWS = [
  row(1),
  row(2, { status: 'in_progress', actions: none, last_activity_at: '2026-04-03T10:00:00.000Z' }),
  row(3, { status: 'failed', actions: none }),
  row(4, {
    status: 'passed',
    passed_at: '2026-04-02T10:00:00.000Z',
    expires_at: '2027-04-02T10:00:00.000Z',
    actions: { ...none, view_certificate: true },
  }),
  row(5, {
    status: 'passed',
    passed_at: '2025-04-02T10:00:00.000Z',
    expires_at: '2026-04-05T10:00:00.000Z',
    expiry_due: true,
    actions: { ...none, re_enrol: true },
  }),
];

function reportingServer(rows: ReportingEnrolmentRow[], extra: Record<string, FakeHandler> = {}, companyTotal = rows.length) {
  return fakeApi({
    'GET /api/reporting/enrolments': ({ query }: FakeRequest) => {
      const status = query.get('status');
      const search = query.get('search')?.toLowerCase();
      const matched = rows.filter((r) => (!status || r.status === status) && (!search || r.learner_name.toLowerCase().includes(search)));
      const perPage = Number(query.get('per_page') ?? 10);
      const lastPage = Math.max(1, Math.ceil(matched.length / perPage));
      const page = Math.min(Number(query.get('page') ?? 1), lastPage);
      const data = matched.slice((page - 1) * perPage, page * perPage);
      const from = data.length ? (page - 1) * perPage + 1 : null;
      return {
        filters: {},
        courses: [
          { id: 1, name: 'Fire Safety' },
          { id: 2, name: 'First Aid' },
        ],
        users: [],
        statuses: [],
        depots: [],
        company_total: companyTotal,
        results: {
          data,
          meta: {
            current_page: page,
            last_page: lastPage,
            per_page: perPage,
            from,
            to: from && from + data.length - 1,
            total: matched.length,
            links: { prev: null, next: null },
          },
        },
      };
    },
    ...extra,
  });
}

function renderPage(server: ReturnType<typeof reportingServer>, url = '/reporting') {
  function Address() {
    const location = useLocation();
    return <output data-testid="address">{location.pathname + location.search}</output>;
  }
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/reporting" element={<Enrolments api={server.api} session={session} />} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
  return server;
}

const address = () => screen.getByTestId('address').textContent;
const reportingRequests = (requests: FakeRequest[]) => requests.filter((r) => r.path === '/api/reporting/enrolments');
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

beforeEach(() => window.localStorage.clear());
afterEach(() => resetSiteSettings());

/** What the re-enrol confirmation is told it costs (companyEnrolQuote). */
const RE_ENROL_QUOTE = {
  data: {
    enrolments: [{ user_id: 105, learner_name: 'Learner 5', course_id: 1, course_name: 'Fire Safety', credits: 1, re_enrolment: true }],
    skipped: [],
    credits: 1,
    sources: { company_id: 2, company_name: 'Acme', balance: 4, parent: null, available: 4 },
    paid_from: [{ company_id: 2, company_name: 'Acme', amount: 1 }],
    balance_after: 3,
    parent_balance_after: null,
    is_enough: true,
    accounts: [{ company_id: 2, company_name: 'Acme', balance_before: 4, credits: 1, balance_after: 3 }],
  },
};

/** Confirms the open re-enrol confirmation once it shows the cost. */
async function confirmReEnrol() {
  const dialog = await screen.findByRole('dialog', { name: 'Re-enrol this learner?' });
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Re-enrol (1 credit)' }));
}

describe('Enrolments (/reporting)', () => {
  it('shows each status with its pill and exactly its actions', async () => {
    renderPage(reportingServer(ROWS));
    await screen.findByText('Learner 1');
    const buttons = (name: string) =>
      Array.from(rowOf(name).querySelectorAll('a, button'), (el) => el.textContent?.replace(/ (of )?Learner.*/, ''));
    expect(buttons('Learner 1')).toEqual(['Edit', 'Remind']);
    // Once started, a row shows what the learner answered (issue 20 item 5).
    expect(buttons('Learner 2')).toEqual(['View answers']);
    expect(buttons('Learner 3')).toEqual(['View answers']);
    // Passed rows (valid or expiring) also open the learner's certificate history of the course.
    expect(buttons('Learner 4')).toEqual(['View Certificate', 'History', 'View answers']);
    expect(buttons('Learner 5')).toEqual(['Re-enrol', 'History', 'View answers']);
    expect(
      within(rowOf('Learner 4'))
        .getByRole('link', { name: /View Certificate/ })
        .getAttribute('href'),
    ).toBe('/api/enrollments/4/certificate');
    expect(within(rowOf('Learner 1')).getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe('/enrolments/1/edit');
    expect(within(rowOf('Learner 2')).getByText('In Progress')).toBeTruthy();
    expect(within(rowOf('Learner 5')).getByText('05/04/2026').className).toContain('reporting-expiry--due');
    expect(within(rowOf('Learner 4')).getByText('02/04/2027').className).not.toContain('--due');
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('labels a pass that has run out "Expired dd/mm/yyyy" beside its Passed pill (issue 32 item 7)', async () => {
    renderPage(reportingServer(ROWS));
    await screen.findByText('Learner 5');
    expect(within(rowOf('Learner 5')).getByTestId('expired-label').textContent).toBe('Expired 05/04/2026');
    expect(within(rowOf('Learner 5')).getByText('Passed')).toBeTruthy();
    expect(within(rowOf('Learner 3')).queryByTestId('expired-label')).toBeNull();
    const now = new Date('2026-06-01T00:00:00Z').getTime();
    expect(isExpiredPass({ status: 'passed', expires_at: '2027-04-02T10:00:00.000Z' }, now)).toBe(false);
    expect(isExpiredPass({ status: 'passed', expires_at: '2026-06-01T00:00:00.000Z' }, now)).toBe(true);
    expect(isExpiredPass({ status: 'passed', expires_at: null }, now)).toBe(false);
    expect(isExpiredPass({ status: 'failed', expires_at: '2026-01-01T00:00:00.000Z' }, now)).toBe(false);
  });

  it("opens a row's answers in a dialog (issue 20 item 5)", async () => {
    const answers = {
      enrollment: { id: 3, learner_name: 'Learner 3', course_name: 'Fire Safety', status: 'failed', score: 40, scorm_version: '1.2' },
      attempts: [
        {
          id: 9,
          number: 1,
          started_at: '2026-04-03T10:00:00.000Z',
          last_saved_at: '2026-04-03T10:10:00.000Z',
          finished: true,
          status: 'failed',
          score_percent: 40,
          time_seconds: 600,
          objectives: [],
          interactions: [
            {
              sco: 'quiz',
              position: 0,
              id: 'q1',
              type: 'choice',
              description: null,
              learner_response: 'b',
              correct_responses: ['a'],
              result: 'wrong',
              weighting: null,
              latency: null,
              latency_seconds: null,
              timestamp: '10:05:00',
              answered_at: '2026-04-03T10:05:00.000Z',
            },
          ],
        },
      ],
    };
    const { requests } = renderPage(reportingServer(ROWS, { 'GET /api/reporting/enrolments/3/answers': () => ({ data: answers }) }));
    await screen.findByText('Learner 3');
    fireEvent.click(within(rowOf('Learner 3')).getByRole('button', { name: 'View answers of Learner 3, Fire Safety' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answers: Learner 3' });
    await waitFor(() => expect(within(dialog).getByTestId('answer').textContent).toContain('Incorrect'));
    expect(requests.some((r) => r.path === '/api/reporting/enrolments/3/answers')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads c once: the courses filter, remembered as the tile choice, and c leaves the address', async () => {
    const { requests } = renderPage(reportingServer(ROWS), '/reporting?c=2,1');
    await screen.findByText('Learner 1');
    expect(address()).toBe('/reporting?courses=2%2C1');
    // No request ever went out without the filter.
    expect(reportingRequests(requests).every((r) => r.query.get('courses') === '2,1')).toBe(true);
    expect(window.localStorage.getItem(tileStorageKey(2))).toBe('[2,1]');
    expect(screen.getByRole('button', { name: 'First Aid' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lands the Dashboard link s=3 on the passed filter', async () => {
    const { requests } = renderPage(reportingServer(ROWS), '/reporting?s=3');
    await screen.findByText('Learner 4');
    expect(address()).toBe('/reporting?status=passed');
    expect(reportingRequests(requests).map((r) => r.query.get('status'))).toEqual(['passed']);
  });

  it('restores the stored tile choice when the address names no courses', async () => {
    window.localStorage.setItem(tileStorageKey(2), '[1]');
    renderPage(reportingServer(ROWS));
    await screen.findByText('Learner 1');
    expect(address()).toBe('/reporting?courses=1');
    fireEvent.click(screen.getByRole('button', { name: 'All courses' }));
    await waitFor(() => expect(address()).toBe('/reporting'));
    expect(window.localStorage.getItem(tileStorageKey(2))).toBeNull();
  });

  it('searches from 2 characters after the 600 ms pause, and sorts through the address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPage(reportingServer(ROWS));
      await screen.findByText('Learner 1');
      fireEvent.change(screen.getByLabelText('Search enrolments'), { target: { value: 'r 3' } });
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(address()).toBe('/reporting');
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(address()).toBe('/reporting?search=r+3');
      await screen.findByText('Learner 3');
      await waitFor(() => expect(screen.queryByText('Learner 1')).toBeNull());
      fireEvent.click(screen.getByRole('button', { name: /^Course/ }));
      expect(address()).toBe('/reporting?search=r+3&order_by=course&order_dir=asc');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when nothing matches, and Clear filters goes back to everything', async () => {
    renderPage(reportingServer(ROWS), '/reporting?status=failed&search=nobody');
    await screen.findByText(REPORTING_MESSAGES.emptyNoMatch);
    expect(screen.getByRole('button', { name: 'Remind all' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Export report' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(address()).toBe('/reporting'));
    await screen.findByText('Learner 1');
  });

  it('says when the company has enrolled nobody yet', async () => {
    renderPage(reportingServer([]));
    await screen.findByText(REPORTING_MESSAGES.emptyNoEnrolments);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reminds one learner and lists learners without email with their login codes', async () => {
    const server = reportingServer(ROWS, {
      'POST /api/company/2/remind/1': () => ({
        success: true,
        message: REPORTING_MESSAGES.reminded,
        reminded: 1,
        skipped_recent: 0,
        no_email: [],
      }),
      'POST /api/enrollments/remindAll/2': () => ({
        success: true,
        message: REPORTING_MESSAGES.remindedAll,
        reminded: 1,
        skipped_recent: 0,
        no_email: [{ enrollment_id: 9, user_id: 9, name: 'Paper Pat', course_name: 'Fire Safety', login_code: 'PAT12345' }],
      }),
    });
    renderPage(server, '/reporting?courses=1');
    await screen.findByText('Learner 1');
    fireEvent.click(within(rowOf('Learner 1')).getByRole('button', { name: /Remind/ }));
    await screen.findByText(REPORTING_MESSAGES.reminded);
    await screen.findByText('Learner 1');
    fireEvent.click(screen.getByRole('button', { name: 'Remind all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Learners without an email address' });
    expect(within(dialog).getByText('PAT12345')).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/api/enrollments/remindAll/2')?.body).toEqual({ courses: [1] });
  });

  it('no longer offers Re-enrol once the learner is re-enrolled, and says since when (issue 24 item 1)', async () => {
    const renewed = row(6, {
      status: 'passed',
      passed_at: '2025-04-02T10:00:00.000Z',
      expires_at: '2026-04-05T10:00:00.000Z',
      expiry_due: true,
      re_enrolled_at: '2026-03-30T09:00:00.000Z',
      actions: none,
    });
    renderPage(reportingServer([renewed]));
    await screen.findByText('Learner 6');
    expect(within(rowOf('Learner 6')).queryByRole('button', { name: /Re-enrol/ })).toBeNull();
    expect(within(rowOf('Learner 6')).getByText('Re-enrolled 30/03/2026')).toBeTruthy();
    // Renewed: the expiry is no longer the red call to act.
    expect(within(rowOf('Learner 6')).getByText('05/04/2026').className).not.toContain('--due');
  });

  it("shows the server's refusal of a re-enrolment that cannot act, never a success", async () => {
    const refusal = 'Learner 5 has already been re-enrolled onto Fire Safety (on 30/03/2026): nothing was charged.';
    const server = reportingServer(ROWS, {
      'POST /api/company/2/enroll/quote': () => RE_ENROL_QUOTE,
      'POST /api/company/2/enroll': () => reply(422, { message: refusal, errors: { enrollment_id: [refusal] } }),
    });
    renderPage(server);
    await screen.findByText('Learner 5');
    fireEvent.click(within(rowOf('Learner 5')).getByRole('button', { name: /Re-enrol/ }));
    await confirmReEnrol();
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
    expect(screen.queryByText(/has successfully been re-enrolled/)).toBeNull();
  });

  it('re-enrols, or says there is not enough credit with the order link', async () => {
    let hasCredit = true;
    const balanceChanged = vi.fn();
    window.addEventListener('portal:credit-balance-changed', balanceChanged);
    const server = reportingServer(ROWS, {
      'POST /api/company/2/enroll/quote': () => RE_ENROL_QUOTE,
      'POST /api/company/2/enroll': () =>
        hasCredit
          ? {
              success: true,
              message: 'ok',
              data: [],
              enrollment_summary: { total_attempted: 1, total_successful: 1, total_failed: 0, failed_users: [] },
              credit_balance: 3,
            }
          : reply(422, { message: 'You do not have enough credits for this enrollment', errors: {} }),
    });
    // The Site tab's credit purchase address, as the shell publishes it.
    publishSiteSettings({ credit_purchase_url: 'https://buy.example.test/credits' });
    renderPage(server);
    await screen.findByText('Learner 5');
    fireEvent.click(within(rowOf('Learner 5')).getByRole('button', { name: /Re-enrol/ }));
    // Nothing is spent until the confirmation's Confirm.
    await screen.findByRole('dialog', { name: 'Re-enrol this learner?' });
    expect(server.requests.some((r) => r.path === '/api/company/2/enroll')).toBe(false);
    await confirmReEnrol();
    await screen.findByText('Learner 5 has successfully been re-enrolled onto Fire Safety');
    expect(balanceChanged).toHaveBeenCalledTimes(1);
    expect(server.requests.find((r) => r.path === '/api/company/2/enroll')?.body).toEqual({ courses: [1], users: [105], enrollment_id: 5 });

    hasCredit = false;
    await screen.findByText('Learner 5');
    fireEvent.click(within(rowOf('Learner 5')).getByRole('button', { name: /Re-enrol/ }));
    await confirmReEnrol();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("You don't have enough credit to re-enrol this learner. Order credit here.");
    expect(within(alert).getByRole('link', { name: 'Order credit here.' }).getAttribute('href')).toBe('https://buy.example.test/credits');
    window.removeEventListener('portal:credit-balance-changed', balanceChanged);
  });
});
