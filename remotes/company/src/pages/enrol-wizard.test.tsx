import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CREDIT_MESSAGES, ENROLLING_MESSAGES } from '@portal/contracts';
import { CREDIT_BALANCE_CHANGED_EVENT } from '@portal/frontend-kit';
import { reply } from '@portal/frontend-kit/testing';
import { bulkRow, coursesAnswer, fakeXhr } from '../modules/enrol/testing/enrol-fakes';
import { WHOLE_CATALOGUE_NOTE } from '../modules/enrol/components/course-picker';
import { NOTHING_TO_ENROL } from '../modules/enrol/components/finalise-step';
import { chooseCourse, COURSES, renderWizard, stepButton, toStepTwoWithLee } from '../modules/enrol/testing/wizard-harness';

describe('EnrolNew (the enrol wizard)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // The wizard keeps its draft in the tab: each test starts with none.
    sessionStorage.clear();
  });

  it('lists the selected courses 10 a page with search, and opens steps only when allowed', async () => {
    renderWizard();
    expect(await screen.findAllByTestId('enrol-course')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(stepButton(/Step 2: Add Employees/).hasAttribute('disabled')).toBe(true);
    expect(stepButton(/Step 3: Finalise Enrollment/).hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: 'manual' } });
    expect(screen.getAllByTestId('enrol-course')).toHaveLength(1);
    await chooseCourse('Manual Handling');
    expect(stepButton(/Step 2: Add Employees/).hasAttribute('disabled')).toBe(false);
    expect(stepButton(/Step 3: Finalise Enrollment/).hasAttribute('disabled')).toBe(true);

    fireEvent.click(stepButton(/Step 2: Add Employees/));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Priya Shah' }));
    expect(within(screen.getByTestId('chosen-employees')).getByText('Priya Shah')).toBeTruthy();
    expect(stepButton(/Step 3: Finalise Enrollment/).hasAttribute('disabled')).toBe(false);
  });

  it('searches existing employees by name once typing pauses', async () => {
    const server = renderWizard();
    await chooseCourse('Fire Safety');
    fireEvent.click(screen.getByRole('button', { name: 'Next: Add Employees' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Existing employees' }));
    fireEvent.change(screen.getByLabelText('Search employees'), { target: { value: 'l' } });
    expect(screen.getByText('Type 2 or more characters to search your employees.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search employees'), { target: { value: 'lee' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lee Carter' }));
    const searches = server.requests.filter((r) => r.path === '/api/company/2/users/search');
    expect(searches).toHaveLength(1);
    expect(Object.fromEntries(searches[0]!.query)).toEqual({ term: 'lee', field: 'name', courses: '1' });
  });

  it('uploads a spreadsheet with progress, shows every row for review and asks before removing one', async () => {
    const { FakeXhr, sent, release } = fakeXhr(
      () => ({
        status: 200,
        body: {
          data: [
            bulkRow(2, 'joe', 'joe@gmail.com'),
            bulkRow(3, 'boo', 'boo@gmail', { ok: false, problems: [ENROLLING_MESSAGES.bulkBadEmail] }),
            bulkRow(4, 'Lee', 'learner@demo.test', {
              existing_user_id: 7,
              existing_user_name: 'Lee Carter',
              problems: [ENROLLING_MESSAGES.bulkExisting],
            }),
          ],
          total: 3,
          ok: 2,
        },
      }),
      true,
    );
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const server = renderWizard();
    await chooseCourse('Fire Safety');
    fireEvent.click(screen.getByRole('button', { name: 'Next: Add Employees' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Bulk upload' }));
    const file = new File(['xlsx'], 'people.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(screen.getByLabelText('Choose a spreadsheet'), { target: { files: [file] } });
    expect(await screen.findByText('Uploading spreadsheet: 50%')).toBeTruthy();
    release();

    const table = await screen.findByRole('table', { name: 'Spreadsheet rows' });
    expect(within(table).getByText(ENROLLING_MESSAGES.bulkBadEmail)).toBeTruthy();
    expect(within(table).getByText('Will be skipped')).toBeTruthy();
    expect(within(table).getByText('Existing: Lee Carter')).toBeTruthy();
    expect(sent[0]!.url).toBe('/api/enrollments/bulkEnroll/2');
    expect(sent[0]!.form.getAll('courses[]')).toEqual(['1']);

    fireEvent.click(within(table).getByRole('button', { name: 'Remove row 2 (joe)' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(ENROLLING_MESSAGES.removeBulkRow)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(table).getByText('joe')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Remove row 2 (joe)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(table).queryByText('joe')).toBeNull());

    // Only the matched employee remains to enrol; the bad row is shown, never sent.
    fireEvent.click(screen.getByRole('button', { name: 'Next: Finalise Enrollment' }));
    expect(await screen.findByTestId('enrol-cost-total')).toHaveProperty('textContent', '2 credits');
    // Finalise answers only once the balances are in (a click before then is ignored).
    await screen.findByTestId('enrol-balance-before');
    fireEvent.click(screen.getByRole('button', { name: 'Finalise Enrollment' }));
    await screen.findByTestId('enrolment-summary');
    expect(server.requests.find((r) => r.path === '/api/company/enroll')?.body).toEqual({
      courses: [1],
      users: [7],
      newUsers: [],
      companyID: 2,
      pay_from_parent: false,
    });
  });

  it('shows the server’s text when the spreadsheet is refused', async () => {
    const { FakeXhr } = fakeXhr(() => ({ status: 400, body: { message: ENROLLING_MESSAGES.bulkNoName } }));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderWizard();
    await chooseCourse('Fire Safety');
    fireEvent.click(screen.getByRole('button', { name: 'Next: Add Employees' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Bulk upload' }));
    fireEvent.change(screen.getByLabelText('Choose a spreadsheet'), { target: { files: [new File(['x'], 'people.xlsx')] } });
    expect(await screen.findByText(ENROLLING_MESSAGES.bulkNoName)).toBeTruthy();
  });

  it('finalises: cost, balances, whose credits pay, then the summary, step 1 and a balance refresh', async () => {
    const server = renderWizard();
    const announced = vi.fn();
    window.addEventListener(CREDIT_BALANCE_CHANGED_EVENT, announced);
    await toStepTwoWithLee();
    fireEvent.click(screen.getByRole('button', { name: 'Add Priya Shah' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next: Finalise Enrollment' }));

    const table = await screen.findByRole('table', { name: 'Courses and learners' });
    expect(within(table).getByRole('columnheader', { name: 'Fire Safety' })).toBeTruthy();
    expect(within(table).getByText('Already enrolled')).toBeTruthy();
    // (2 + 1) credits for Priya, 1 for Lee: he is enrolled on Fire Safety already, skipped there and not charged.
    expect(screen.getByTestId('enrol-cost-total').textContent).toBe('4 credits');
    expect(screen.getByTestId('enrol-charged-count').textContent).toBe('3');
    expect(screen.getByTestId('enrol-skipped').textContent).toBe('Lee Carter: Fire Safety');
    expect((await screen.findByTestId('enrol-balance-before')).textContent).toBe('40 credits');
    expect(screen.getByTestId('enrol-balance-after').textContent).toBe('36 credits');
    expect(
      within(screen.getByTestId('enrol-paid-from')).getByText(/Demo Construction Ltd’s learners: 3 enrolments, 4 credits/),
    ).toBeTruthy();

    // New employees would join the depot; the chosen ones stay their own company's.
    fireEvent.change(screen.getByLabelText('Learners belong to'), { target: { value: '3' } });
    await screen.findByTestId('enrol-balance-before');

    fireEvent.click(screen.getByRole('button', { name: 'Finalise Enrollment' }));
    const summary = await screen.findByTestId('enrolment-summary');
    expect(server.requests.find((r) => r.path === '/api/company/enroll')?.body).toEqual({
      courses: [1, 2],
      users: [5, 6],
      newUsers: [],
      companyID: 3,
      pay_from_parent: false,
    });
    expect(within(summary).getByTestId('summary-attempted').textContent).toBe('2');
    expect(within(summary).getByTestId('summary-successful').textContent).toBe('1');
    expect(within(summary).getByTestId('summary-failed').textContent).toBe('1');
    expect(within(summary).getByText('Already enrolled on this course.')).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'View enrolments' }).getAttribute('href')).toBe('/reporting');
    expect(screen.getByTestId('enrol-step-1')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Fire Safety' }) as HTMLInputElement).checked).toBe(false);
    expect(announced).toHaveBeenCalledTimes(1);
    window.removeEventListener(CREDIT_BALANCE_CHANGED_EVENT, announced);

    fireEvent.click(within(summary).getByRole('button', { name: 'Enrol more employees' }));
    expect(screen.queryByTestId('enrolment-summary')).toBeNull();
  });

  it('refuses to finalise without enough credits, saying so next to the pointer', async () => {
    // Lee costs 1 credit (Manual Handling; he is on Fire Safety already).
    const server = renderWizard({}, 0);
    await toStepTwoWithLee();
    fireEvent.click(screen.getByRole('button', { name: 'Next: Finalise Enrollment' }));
    expect((await screen.findByTestId('enrol-balance-after')).textContent).toBe('-1 credits');
    const finalise = screen.getByRole('button', { name: 'Finalise Enrollment' });
    expect(finalise.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerMove(finalise, { clientX: 100, clientY: 200 });
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe(CREDIT_MESSAGES.notEnough);
    // The description is there for screen readers too.
    expect(document.getElementById(finalise.getAttribute('aria-describedby')!)?.textContent).toBe(CREDIT_MESSAGES.notEnough);
    fireEvent.click(finalise);
    fireEvent.pointerLeave(finalise.parentElement!);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(server.requests.some((r) => r.path === '/api/company/enroll')).toBe(false);
  });

  it('charges nothing for learners already enrolled, lists them as skipped, and refuses an empty finalise (issue 24 item 3)', async () => {
    const server = renderWizard();
    await chooseCourse('Fire Safety');
    fireEvent.click(screen.getByRole('button', { name: 'Next: Add Employees' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lee Carter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next: Finalise Enrollment' }));
    expect((await screen.findByTestId('enrol-cost-total')).textContent).toBe('0 credits');
    expect(screen.getByTestId('enrol-charged-count').textContent).toBe('0');
    expect(screen.getByTestId('enrol-skipped').textContent).toBe('Lee Carter: Fire Safety');
    expect(screen.getByTestId('enrol-nothing-to-enrol').textContent).toBe(NOTHING_TO_ENROL);
    await screen.findByTestId('enrol-balance-before');
    const finalise = screen.getByRole('button', { name: 'Finalise Enrollment' });
    expect(finalise.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(finalise);
    expect(server.requests.some((r) => r.path === '/api/company/enroll')).toBe(false);
  });

  it('lets a manager with no selected courses select them in step 1 from every course on offer (issue 24 item 7)', async () => {
    const unselected = COURSES.map((c) => ({ ...c, selected: false }));
    const server = renderWizard({
      'GET /api/courses': () => coursesAnswer(unselected),
      'POST /api/courses/2/toggle': () => ({ success: true, data: [2] }),
    });
    expect(await screen.findAllByTestId('enrol-course')).toHaveLength(10);
    expect(screen.queryByText('No courses selected yet.')).toBeNull();
    expect(screen.getByTestId('enrol-whole-catalogue').textContent).toBe(WHOLE_CATALOGUE_NOTE);
    await chooseCourse('Manual Handling');
    // Chosen for this enrolment, and added to the company's selection.
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/courses/2/toggle')).toBe(true));
    expect(stepButton(/Step 2: Add Employees/).hasAttribute('disabled')).toBe(false);
  });

  it('shows ‘An error has occurred’ with the server’s text, and the network message', async () => {
    let isOffline = false;
    renderWizard({
      'POST /api/company/enroll': () => {
        if (isOffline) throw new TypeError('Failed to fetch');
        return reply(422, { message: CREDIT_MESSAGES.notEnough, errors: {} });
      },
    });
    await toStepTwoWithLee();
    fireEvent.click(screen.getByRole('button', { name: 'Next: Finalise Enrollment' }));
    await screen.findByTestId('enrol-balance-after');
    fireEvent.click(screen.getByRole('button', { name: 'Finalise Enrollment' }));
    const modal = await screen.findByRole('dialog', { name: ENROLLING_MESSAGES.errorTitle });
    expect(within(modal).getByText(CREDIT_MESSAGES.notEnough)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    // Nothing was lost: still on step 3 with the same learner.
    expect(screen.getByTestId('enrol-step-3')).toBeTruthy();

    isOffline = true;
    fireEvent.click(screen.getByRole('button', { name: 'Finalise Enrollment' }));
    expect(within(await screen.findByRole('dialog')).getByText(ENROLLING_MESSAGES.networkError)).toBeTruthy();
  });

  it('warns before leaving with learners chosen, and offers to finalise', async () => {
    renderWizard();
    await toStepTwoWithLee();
    const beforeUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(beforeUnload);
    expect(beforeUnload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Enrolments' }));
    const modal = await screen.findByRole('dialog', { name: ENROLLING_MESSAGES.outstandingTitle });
    expect(within(modal).getByText(/You have chosen 1 learner who is not enrolled yet/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Finalise Enrollment' }));
    expect(await screen.findByTestId('enrol-step-3')).toBeTruthy();
  });
});
