import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ENROLLING_MESSAGES } from '@portal/contracts';
import { reply } from '@portal/frontend-kit/testing';
import { coursesAnswer } from '../modules/enrol/testing/enrol-fakes';
import { DRAFT_REPEAT } from '../modules/enrol/components/new-employee-form';
import { chooseCourse, COURSES, PRIYA, renderWizard, toStepTwoWithLee } from '../modules/enrol/testing/wizard-harness';

/** The wizard without surprises (issue 32 items 1 and 7): every course on offer, drafts, the same person, a reload. */
describe('EnrolNew: drafts and the same person', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // The wizard keeps its draft in the tab: each test starts with none.
    sessionStorage.clear();
  });

  it('lists every course on offer, the company’s selected ones first, ticked and marked (issue 32 item 7)', async () => {
    const withSelection = COURSES.map((c) => ({ ...c, selected: c.id === 2 || c.id === 25 }));
    renderWizard({ 'GET /api/courses': () => coursesAnswer(withSelection) });
    const rows = await screen.findAllByTestId('enrol-course');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Manual Handling In your selection1 credit',
      'Site Induction 6 In your selection1 credit',
      'Fire Safety2 credits',
      ...Array.from({ length: 7 }, (_, i) => `Site Induction ${i < 5 ? i + 1 : i + 2}1 credit`),
    ]);
    await waitFor(() => expect((screen.getByRole('checkbox', { name: /Manual Handling/ }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('checkbox', { name: /Fire Safety/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('2 of 12 courses chosen.')).toBeTruthy();
    expect(screen.queryByTestId('enrol-whole-catalogue')).toBeNull();
    // One click to start from none.
    fireEvent.click(screen.getByRole('button', { name: 'Untick all' }));
    expect(screen.getByText('0 of 12 courses chosen.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Manual Handling/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('adds a new employee as a draft, with Name is required and the server’s errors under the fields, creating no account', async () => {
    const server = renderWizard({
      'POST /api/company/3/employees/check': ({ body }) =>
        (body as { email?: string }).email === 'bad@demo.test'
          ? reply(422, { message: 'The given data was invalid.', errors: { email: ['This email address is not allowed.'] } })
          : { data: { existing: null } },
    });
    await chooseCourse('Fire Safety');
    fireEvent.click(screen.getByRole('button', { name: 'Next: Add Employees' }));
    fireEvent.change(screen.getByLabelText('Learners belong to'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('tab', { name: 'New employee' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nia New' } });
    fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: 'bad@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    await waitFor(() =>
      expect(document.getElementById('new-employee-email-error')?.textContent).toBe('This email address is not allowed.'),
    );

    fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: 'nia@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    expect(within(await screen.findByTestId('chosen-employees')).getByText('Nia New')).toBeTruthy();
    expect(server.requests.filter((r) => r.path === '/api/company/3/employees/check').at(-1)?.body).toEqual({
      name: 'Nia New',
      email: 'nia@demo.test',
    });
    // The same person again is refused under the field; no account was asked for.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nia Again' } });
    fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: 'NIA@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    await waitFor(() => expect(document.getElementById('new-employee-email-error')?.textContent).toBe(DRAFT_REPEAT));
    expect(server.requests.some((r) => r.path === '/api/user')).toBe(false);

    // Finalise sends the draft as a new employee of the depot.
    fireEvent.click(screen.getByRole('button', { name: 'Next: Finalise Enrollment' }));
    await screen.findByTestId('enrol-balance-before');
    fireEvent.click(screen.getByRole('button', { name: 'Finalise Enrollment' }));
    await screen.findByTestId('enrolment-summary');
    expect(server.requests.find((r) => r.path === '/api/company/enroll')?.body).toEqual({
      courses: [1],
      users: [],
      newUsers: [{ name: 'Nia New', email: 'nia@demo.test' }],
      companyID: 3,
      pay_from_parent: false,
    });
  });

  it('opens ‘Whoops! this learner already exists’ and offers the existing employee or a blank-email draft', async () => {
    const server = renderWizard({
      'POST /api/company/2/employees/check': ({ body }) => ({
        data: {
          existing: (body as { email?: string }).email
            ? {
                match: 'email',
                existing_user_id: 5,
                existing_user_name: 'Lee Carter',
                existing_user_email: 'learner@demo.test',
                existing_user_company_id: 2,
                existing_user_company_name: 'Demo Construction Ltd',
                existing_user_enrollments: ['Fire Safety', 'Working at Height'],
              }
            : null,
        },
      }),
    });
    await chooseCourse('Fire Safety');
    fireEvent.click(screen.getByRole('button', { name: 'Next: Add Employees' }));
    fireEvent.click(screen.getByRole('tab', { name: 'New employee' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lee Carter' } });
    fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: 'learner@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add employee' }));

    const modal = await screen.findByRole('dialog', { name: ENROLLING_MESSAGES.learnerExists });
    expect(within(modal).getByText('Lee Carter')).toBeTruthy();
    expect(within(modal).getByText('Working at Height')).toBeTruthy();
    expect(within(modal).getByText(/one learner per email address/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Select existing employee' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByTestId('chosen-employees')).getByText('Lee Carter')).toBeTruthy();

    // Again, this time as a new account with a blank email: a draft, made at Finalise.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lee Carter' } });
    fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: 'learner@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add new account with blank email' }));
    expect(await screen.findByText(/will be added with a blank email when you finalise/)).toBeTruthy();
    expect(within(screen.getByTestId('chosen-employees')).getAllByText('Lee Carter')).toHaveLength(2);
    expect(server.requests.some((r) => r.path === '/api/user')).toBe(false);
  });

  it('keeps its choices and drafts across a reload, and starts with the People page’s selection (?users=)', async () => {
    const first = renderWizard({ 'POST /api/company/2/employees/check': () => ({ data: { existing: null } }) });
    await toStepTwoWithLee();
    fireEvent.click(screen.getByRole('tab', { name: 'New employee' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Dee Draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add employee' }));
    await within(screen.getByTestId('chosen-employees')).findByText('Dee Draft');
    // A reload runs no React clean-up: the tab's storage is as the page left it.
    const kept = Object.entries({ ...sessionStorage });
    cleanup();
    expect(Object.keys({ ...sessionStorage })).toEqual([]);
    for (const [key, value] of kept) sessionStorage.setItem(key, value);

    renderWizard({ 'GET /api/company/2/users': () => ({ data: [PRIYA] }) }, 40, '/enrolments/create/v2?users=6,999');
    const chosen = await screen.findByTestId('chosen-employees');
    expect(within(chosen).getByText('Lee Carter')).toBeTruthy();
    expect(within(chosen).getByText('Dee Draft')).toBeTruthy();
    expect(await within(chosen).findByText('Priya Shah')).toBeTruthy();
    expect(first.requests.some((r) => r.path === '/api/user' || r.path === '/api/company/enroll')).toBe(false);
  });
});
