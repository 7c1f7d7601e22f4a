import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AdminEnrolment, EnrolQuote } from '@portal/contracts';
import { fakeApi, reply, type FakeHandler, type FakeRequest } from '@portal/frontend-kit/testing';
import { UserEnrolments } from './user-enrolments';

const enrolment = (id: number, name: string, status: AdminEnrolment['status'], more: Partial<AdminEnrolment> = {}): AdminEnrolment => ({
  id,
  course: { id: id * 10, name },
  status,
  created_at: '2026-02-01T09:00:00.000Z',
  passed_at: null,
  expires_at: null,
  certificate_code: null,
  manual_pass: null,
  ...more,
});

const COURSES = [
  { id: 30, name: 'Asbestos Awareness' },
  { id: 40, name: 'Working at Height Basics' },
];

/** What companyEnrolQuote answers for learner 7 of company 5 on a course. */
function quoteOf(course: { id: number; name: string }, extra: Partial<EnrolQuote> = {}): { data: EnrolQuote } {
  return {
    data: {
      enrolments: [
        { user_id: 7, learner_name: 'Jo Southgate', course_id: course.id, course_name: course.name, credits: 2, re_enrolment: false },
      ],
      skipped: [],
      credits: 2,
      sources: { company_id: 5, company_name: 'Demo Construction Ltd', balance: 10, parent: null, available: 10 },
      paid_from: [{ company_id: 5, company_name: 'Demo Construction Ltd', amount: 2 }],
      balance_after: 8,
      parent_balance_after: null,
      is_enough: true,
      accounts: [{ company_id: 5, company_name: 'Demo Construction Ltd', balance_before: 10, credits: 2, balance_after: 8 }],
      ...extra,
    },
  };
}

function renderEnrolments(start: AdminEnrolment[], handlers: Record<string, FakeHandler> = {}) {
  let rows = [...start];
  const server = fakeApi({
    'GET /api/user/7/allEnrollment': () => ({ data: rows }),
    'GET /api/courses': ({ query }: FakeRequest) => {
      const search = query.get('search')?.toLowerCase();
      const data = COURSES.filter((c) => !search || c.name.toLowerCase().includes(search)).map((c) => ({ ...c }));
      return {
        data,
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: data.length,
        from: 1,
        to: data.length,
        prev_page_url: null,
        next_page_url: null,
        meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length },
      };
    },
    'POST /api/company/5/enroll/quote': ({ body }) => {
      const course = COURSES.find((c) => c.id === (body as { courses: number[] }).courses[0])!;
      return quoteOf(course);
    },
    'POST /api/user/7/enroll': ({ body }) => {
      const { course_id, pass_date } = body as { course_id: number; pass_date?: string };
      const course = COURSES.find((c) => c.id === course_id)!;
      rows = [enrolment(99, course.name, pass_date ? 'passed' : 'not_started', { passed_at: pass_date ?? null }), ...rows];
      return {
        success: true,
        message: 'User successfully enrolled in course!',
        data: { id: 99, status: pass_date ? 'passed' : 'not_started', certificate_code: null },
      };
    },
    'POST /api/course/11/manualPass': ({ body }) => {
      rows = rows.map((r) =>
        r.id === 11
          ? {
              ...r,
              status: 'passed',
              passed_at: '2026-05-05T00:00:00.000Z',
              certificate_code: 'CERT-11',
              manual_pass: { reason: (body as { reason: string }).reason, by: 'Alex Admin', at: '2026-05-05T10:00:00.000Z' },
            }
          : r,
      );
      return { success: true, message: 'Enrollment successfully marked as passed!', data: rows.find((r) => r.id === 11) };
    },
    'POST /api/user/7/deleteEnroll/11': () => {
      rows = rows.filter((r) => r.id !== 11);
      return { success: true, message: 'Enrollment successfully deleted!', remaining: rows.length, refunded: 2 };
    },
    'POST /api/user/7/deleteEnroll/12': () => {
      rows = rows.filter((r) => r.id !== 12);
      return { success: true, message: 'Enrollment successfully deleted!', remaining: rows.length, refunded: 0 };
    },
    ...handlers,
  });
  function Address() {
    const location = useLocation();
    return <output data-testid="address">{location.pathname + location.search}</output>;
  }
  render(
    <MemoryRouter initialEntries={['/admin/users/7']}>
      <Routes>
        <Route path="/admin/users/7" element={<UserEnrolments api={server.api} userId={7} companyId={5} />} />
        <Route path="/admin" element={<p>Admin dashboard</p>} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
  return server;
}

const table = () => screen.getByRole('table', { name: 'Enrolments' });
const rowOf = (course: string) => within(table()).getByText(course).closest('tr')!;
const today = new Date();
const todayGb = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`;
const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

async function chooseCourse(name: string) {
  fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: name.slice(0, 8) } });
  const option = await screen.findByRole('option', { name });
  fireEvent.change(screen.getByLabelText('Course'), { target: { value: (option as HTMLOptionElement).value } });
}

describe('UserEnrolments', () => {
  it('lists the enrolments with status, dates, certificate and who passed them by hand', async () => {
    renderEnrolments([
      enrolment(11, 'Fire Safety Awareness', 'in_progress'),
      enrolment(12, 'Manual Handling', 'passed', {
        passed_at: '2025-03-04T00:00:00.000Z',
        expires_at: '2099-03-04T00:00:00.000Z',
        certificate_code: 'ABC123',
        manual_pass: { reason: 'Sat the paper course', by: 'Alex Admin', at: '2025-03-04T12:00:00.000Z' },
      }),
      enrolment(13, 'Old Course', 'passed', { expires_at: '2020-01-01T00:00:00.000Z' }),
    ]);
    await waitFor(() => expect(rowOf('Fire Safety Awareness').textContent).toContain('In Progress'));
    const passed = rowOf('Manual Handling');
    expect(passed.textContent).toContain('Passed');
    expect(passed.textContent).toContain('04/03/2025');
    expect(passed.textContent).toContain('04/03/2099');
    expect(passed.textContent).toContain('By Alex Admin on 04/03/2025: Sat the paper course');
    expect(within(passed).getByRole('link', { name: 'ABC123' }).getAttribute('href')).toBe('/verify?code=ABC123');
    expect(within(passed).queryByRole('button', { name: /as passed/ })).toBeNull();
    expect(rowOf('Old Course').textContent).toContain('Expired');
  });

  it('opens what the learner answered on a started enrolment, and offers nothing to show on one not started (issue 20 item 5)', async () => {
    const answers = {
      enrollment: {
        id: 11,
        learner_name: 'Sam Learner',
        course_name: 'Fire Safety Awareness',
        status: 'in_progress',
        score: null,
        scorm_version: '2004',
      },
      attempts: [
        {
          id: 5,
          number: 1,
          started_at: '2026-05-01T09:00:00.000Z',
          last_saved_at: null,
          finished: false,
          status: null,
          score_percent: null,
          time_seconds: null,
          objectives: [],
          interactions: [],
        },
      ],
    };
    const { requests } = renderEnrolments(
      [enrolment(11, 'Fire Safety Awareness', 'in_progress'), enrolment(12, 'Manual Handling', 'not_started')],
      {
        'GET /api/reporting/enrolments/11/answers': () => ({ data: answers }),
      },
    );
    await waitFor(() => expect(rowOf('Fire Safety Awareness').textContent).toContain('In Progress'));
    expect(within(rowOf('Manual Handling')).queryByRole('button', { name: /View answers/ })).toBeNull();
    fireEvent.click(within(rowOf('Fire Safety Awareness')).getByRole('button', { name: 'View answers of Fire Safety Awareness' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answers: Learner' });
    await waitFor(() => expect(within(dialog).getByText('No objectives or answers were recorded in this attempt.')).toBeTruthy());
    expect(requests.some((r) => r.path === '/api/reporting/enrolments/11/answers')).toBe(true);
  });

  it('force-enrols with today as the pass date by default, sent as YYYY-MM-DD', async () => {
    const { requests } = renderEnrolments([]);
    expect(await screen.findByText('This learner has no enrolments yet.')).toBeTruthy();
    expect((screen.getByLabelText('Pass date') as HTMLInputElement).value).toBe(todayGb);
    await chooseCourse('Asbestos Awareness');
    fireEvent.click(screen.getByLabelText(/without spending credits/));
    fireEvent.click(screen.getByLabelText('Send pass email'));
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));

    expect(await screen.findByText('User successfully enrolled in course!')).toBeTruthy();
    // Forced: nothing is spent, so nothing is priced or asked.
    expect(requests.some((r) => r.path.endsWith('/enroll/quote'))).toBe(false);
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      course_id: 30,
      force: true,
      pass_date: todayIso,
      send_pass_email: true,
    });
    await waitFor(() => expect(rowOf('Asbestos Awareness').textContent).toContain('Passed'));
  });

  it('enrols not started when the pass date is cleared, and checks the date and course first', async () => {
    const { requests } = renderEnrolments([]);
    await screen.findByText('This learner has no enrolments yet.');
    fireEvent.change(screen.getByLabelText('Pass date'), { target: { value: '31/02/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByText('Enter the date as DD/MM/YYYY.')).toBeTruthy();
    expect(screen.getByText('Choose a course.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(screen.getByLabelText('Pass date'), { target: { value: '' } });
    expect((screen.getByLabelText('Send pass email') as HTMLInputElement).disabled).toBe(true);
    await chooseCourse('Working at Height Basics');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enrol this learner?' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Enrol (2 credits)' }));
    await screen.findByText('User successfully enrolled in course!');
    expect(requests.filter((r) => r.path === '/api/user/7/enroll').map((r) => r.body)).toEqual([{ course_id: 40, force: false }]);
  });

  it('asks before spending: learner, course, credits and the balance after; Cancel spends nothing (issue 32)', async () => {
    const { requests } = renderEnrolments([]);
    await screen.findByText('This learner has no enrolments yet.');
    await chooseCourse('Asbestos Awareness');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enrol this learner as passed?' });
    await within(dialog).findByRole('button', { name: 'Enrol (2 credits)' });
    expect(within(dialog).getByTestId('spend-learner').textContent).toBe('Jo Southgate');
    expect(within(dialog).getByTestId('spend-course').textContent).toBe('Asbestos Awareness');
    expect(within(dialog).getByTestId('spend-credits').textContent).toBe('2 credits');
    expect(within(dialog).getByTestId('spend-balance-before').textContent).toBe('10 credits');
    expect(within(dialog).getByTestId('spend-balance-after').textContent).toBe('8 credits');
    expect(within(dialog).getByText("Demo Construction Ltd's balance after")).toBeTruthy();
    const quote = requests.find((r) => r.path === '/api/company/5/enroll/quote')!;
    expect(quote.body).toEqual({ courses: [30], users: [7] });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.path === '/api/user/7/enroll')).toEqual([]);
  });

  it('spends once on a double click of Confirm', async () => {
    const { requests } = renderEnrolments([]);
    await screen.findByText('This learner has no enrolments yet.');
    await chooseCourse('Asbestos Awareness');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    const confirm = await screen.findByRole('button', { name: 'Enrol (2 credits)' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByText('User successfully enrolled in course!');
    expect(requests.filter((r) => r.path === '/api/user/7/enroll')).toHaveLength(1);
  });

  it('cannot confirm without enough credit, and says so', async () => {
    const { requests } = renderEnrolments([], {
      'POST /api/company/5/enroll/quote': () => quoteOf(COURSES[0]!, { is_enough: false, balance_after: -1 }),
    });
    await screen.findByText('This learner has no enrolments yet.');
    await chooseCourse('Asbestos Awareness');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/enough credit for this/)).toBeTruthy();
    expect((within(dialog).getByTestId('spend-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(requests.filter((r) => r.path === '/api/user/7/enroll')).toEqual([]);
  });

  it('puts the server’s refusal of an enrolment under the field', async () => {
    renderEnrolments([], {
      'POST /api/user/7/enroll': () =>
        reply(422, {
          message: 'The given data was invalid.',
          errors: { course_id: ['You do not have enough credits for this enrollment'] },
        }),
    });
    await screen.findByText('This learner has no enrolments yet.');
    await chooseCourse('Asbestos Awareness');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enrol (2 credits)' }));
    await waitFor(() =>
      expect(document.getElementById('enrol-course-error')?.textContent).toBe('You do not have enough credits for this enrollment'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks an enrolment passed only with a reason', async () => {
    const { requests } = renderEnrolments([enrolment(11, 'Fire Safety Awareness', 'not_started')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Fire Safety Awareness as passed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as passed' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as passed' }));
    expect(await within(dialog).findByText('Give a reason for passing this enrolment.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Completed a paper version on site' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as passed' }));
    expect(await screen.findByText('Enrollment successfully marked as passed!')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ reason: 'Completed a paper version on site' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(rowOf('Fire Safety Awareness').textContent).toContain('By Alex Admin on 05/05/2026: Completed a paper version on site'),
    );
  });

  it('logs a failed manual pass and says so briefly', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderEnrolments([enrolment(11, 'Fire Safety Awareness', 'failed')], {
      'POST /api/course/11/manualPass': () => reply(500, { message: 'Server Error' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Fire Safety Awareness as passed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as passed' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Because' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as passed' }));
    expect(await within(dialog).findByText('The enrolment could not be marked as passed.')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to mark enrollment as passed', expect.anything());
    logged.mockRestore();
  });

  it('deletes after a confirmation that names the refund, and goes back to /admin when none is left', async () => {
    renderEnrolments([enrolment(11, 'Fire Safety Awareness', 'not_started'), enrolment(12, 'Manual Handling', 'in_progress')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the Fire Safety Awareness enrolment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete enrolment' });
    expect(dialog.textContent).toContain('the credits are refunded to the company that paid');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete enrolment' }));
    expect(await screen.findByText('Enrollment successfully deleted! 2 credits were refunded.')).toBeTruthy();
    await waitFor(() => expect(within(table()).queryByText('Fire Safety Awareness')).toBeNull());

    // The list reloads after a deletion: wait for the remaining row to be back, not merely for the deleted one to be gone.
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the Manual Handling enrolment' }));
    const second = await screen.findByRole('dialog', { name: 'Delete enrolment' });
    expect(second.textContent).toContain('no credits are refunded once a course has been started');
    fireEvent.click(within(second).getByRole('button', { name: 'Delete enrolment' }));
    expect(await screen.findByText('Admin dashboard')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/admin');
  });

  it('logs a failed deletion and says so briefly', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderEnrolments([enrolment(11, 'Fire Safety Awareness', 'not_started')], {
      'POST /api/user/7/deleteEnroll/11': () => reply(404, { message: 'That enrolment was not found.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the Fire Safety Awareness enrolment' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete enrolment' })).getByRole('button', { name: 'Delete enrolment' }),
    );
    expect(await screen.findByText('That enrolment was not found.')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Failed to delete enrollment', expect.anything());
    logged.mockRestore();
  });
});
