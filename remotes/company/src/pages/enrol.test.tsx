import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CREDIT_MESSAGES, ENROLLING_MESSAGES, type SessionUser } from '@portal/contracts';
import { fakeApi, reply, type FakeHandler } from '@portal/frontend-kit/testing';
import { course, coursesAnswer, employee } from '../modules/enrol/testing/enrol-fakes';
import Enrol from './enrol';

const session: SessionUser = {
  id: 10,
  name: 'Morgan Hale',
  email: 'manager@demo.test',
  role: 'manager',
  company_id: 2,
  company_name: 'Demo Construction Ltd',
  is_mimicking: false,
};
const LEE = employee(5, 'Lee Carter');

const QUOTE = {
  data: {
    enrolments: [{ user_id: 5, learner_name: 'Lee Carter', course_id: 1, course_name: 'Fire Safety', credits: 2, re_enrolment: true }],
    skipped: [],
    credits: 2,
    sources: { company_id: 2, company_name: 'Demo Construction Ltd', balance: 40, parent: null, available: 40 },
    paid_from: [{ company_id: 2, company_name: 'Demo Construction Ltd', amount: 2 }],
    balance_after: 38,
    parent_balance_after: null,
    is_enough: true,
    accounts: [{ company_id: 2, company_name: 'Demo Construction Ltd', balance_before: 40, credits: 2, balance_after: 38 }],
  },
};
const OFFERED = [course(1, 'Fire Safety', 2), course(2, 'Manual Handling', 1), course(3, 'Not chosen', 1, false)];

function renderEnrol(enrol: FakeHandler, offered = OFFERED) {
  const server = fakeApi({
    'GET /api/courses': () => coursesAnswer(offered),
    'GET /api/company/2/users': ({ query }) => ({ data: query.get('s') === 'lee' ? [LEE] : [] }),
    'POST /api/company/2/enroll/quote': () => QUOTE,
    'POST /api/company/2/enroll': enrol,
  });
  render(
    <MemoryRouter>
      <Enrol api={server.api} session={session} />
    </MemoryRouter>,
  );
  return server;
}

/** Enrol opens the confirmation; its Confirm spends. */
async function enrolAndConfirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
  const dialog = await screen.findByRole('dialog', { name: 'Enrol these employees?' });
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Enrol (2 credits)' }));
}

async function chooseFireSafetyAndLee() {
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Fire Safety' }));
  fireEvent.change(screen.getByLabelText('Search employees by name or email'), { target: { value: 'lee' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Add Lee Carter' }));
}

describe('Enroll (the older single page)', () => {
  it('offers only the selected courses and enrols until both a course and an employee are chosen', async () => {
    renderEnrol(() => ({}));
    expect(await screen.findAllByTestId('enrol-course')).toHaveLength(2);
    expect(screen.getByText(ENROLLING_MESSAGES.selectCourse)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enrol' }).hasAttribute('disabled')).toBe(true);
  });

  it('answers each learner’s name, course, login code and enrolment code', async () => {
    const server = renderEnrol(() => ({
      success: true,
      message: ENROLLING_MESSAGES.enrolled,
      data: [
        {
          enrollment_id: 77,
          user_id: 5,
          learner_name: 'Lee Carter',
          name: 'Lee Carter',
          email: 'lee.carter@demo.test',
          course_id: 1,
          course_name: 'Fire Safety',
          courseName: 'Fire Safety',
          login_code: 'DEMOCODE9',
          code: 'ENR-000077',
          credits: 2,
          re_enrolment: true,
        },
      ],
      enrollment_summary: { total_attempted: 1, total_successful: 1, total_failed: 0, failed_users: [] },
      credit_balance: 38,
    }));
    await chooseFireSafetyAndLee();
    await enrolAndConfirm();
    const table = await screen.findByRole('table', { name: 'Enrolments made' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Lee Carter', 'Fire Safety (re-enrolment)', 'DEMOCODE9', 'ENR-000077']);
    expect(server.requests.find((r) => r.path === '/api/company/2/enroll')?.body).toEqual({ courses: [1], users: [5] });
    expect(screen.getByRole('link', { name: 'View enrolments' }).getAttribute('href')).toBe('/reporting');
    // The same summary card as the wizard's, with the enrolments made inside it.
    const summary = screen.getByTestId('enrolment-summary');
    expect(within(summary).getByTestId('summary-successful').textContent).toBe('1');
    expect(within(summary).getByRole('table', { name: 'Enrolments made' })).toBe(table);
  });

  it('shows the server’s text in ‘An error has occurred’', async () => {
    renderEnrol(() => reply(422, { message: CREDIT_MESSAGES.notEnough, errors: {} }));
    await chooseFireSafetyAndLee();
    await enrolAndConfirm();
    const modal = await screen.findByRole('dialog', { name: ENROLLING_MESSAGES.errorTitle });
    expect(within(modal).getByText(CREDIT_MESSAGES.notEnough)).toBeTruthy();
  });

  it('asks first: learners × courses, the credits and the balance after; Cancel spends nothing, Confirm spends once (issue 32 item 3)', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const server = renderEnrol(() => new Promise((resolve) => (finish = resolve)));
    const enrolCalls = () => server.requests.filter((r) => r.path === '/api/company/2/enroll');
    await chooseFireSafetyAndLee();
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    let dialog = await screen.findByRole('dialog', { name: 'Enrol these employees?' });
    await within(dialog).findByText('38 credits');
    expect(server.requests.find((r) => r.path === '/api/company/2/enroll/quote')?.body).toEqual({ courses: [1], users: [5] });
    expect(within(dialog).getByTestId('spend-learner').textContent).toBe('Lee Carter');
    expect(within(dialog).getByTestId('spend-credits').textContent).toBe('2 credits');
    expect(within(dialog).getByTestId('spend-balance-after').textContent).toBe('38 credits');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(enrolCalls()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    dialog = await screen.findByRole('dialog', { name: 'Enrol these employees?' });
    const confirm = await within(dialog).findByRole('button', { name: 'Enrol (2 credits)' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(enrolCalls()).toHaveLength(1));
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    finish(reply(422, { message: CREDIT_MESSAGES.notEnough, errors: {} }));
    await screen.findByRole('dialog', { name: ENROLLING_MESSAGES.errorTitle });
    expect(enrolCalls()).toHaveLength(1);
  });

  it('says no course is selected and links to the Courses page, keeping "no course on offer" for a catalogue with none (issue 32 item 7)', async () => {
    renderEnrol(() => ({}), [course(3, 'Not chosen', 1, false)]);
    expect(await screen.findByText('You have not selected any courses yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Courses' }).getAttribute('href')).toBe('/courses');
    expect(screen.queryByText(/No course is on offer/)).toBeNull();
  });

  it('still says no course is on offer when the company has none', async () => {
    renderEnrol(() => ({}), []);
    expect(await screen.findByText(/No course is on offer to your company yet/)).toBeTruthy();
    expect(screen.queryByText('You have not selected any courses yet.')).toBeNull();
  });
});
