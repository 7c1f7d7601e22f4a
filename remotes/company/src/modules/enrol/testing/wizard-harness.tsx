import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SessionUser } from '@portal/contracts';
import { fakeApi, type FakeHandler } from '@portal/frontend-kit/testing';
import { course, coursesAnswer, employee } from './enrol-fakes';
import EnrolNew from '../../../pages/enrol-wizard';

/** The enrol wizard on a fake API: the demo manager, twelve courses (none selected), Lee and Priya. */
export const session: SessionUser = {
  id: 10,
  name: 'Morgan Hale',
  email: 'manager@demo.test',
  role: 'manager',
  company_id: 2,
  company_name: 'Demo Construction Ltd',
  is_mimicking: false,
};
// None in the company's selection: nothing starts ticked (the selected ones would: see 'lists every course on offer').
export const COURSES = [
  course(1, 'Fire Safety', 2, false),
  course(2, 'Manual Handling', 1, false),
  ...Array.from({ length: 10 }, (_, i) => course(20 + i, `Site Induction ${i + 1}`, 1, false)),
];
export const LEE = employee(5, 'Lee Carter', { enrolled_course_ids: [1] });
export const PRIYA = employee(6, 'Priya Shah', { email: null, login_code: 'DEMOCODE1' });
export const SUMMARY = {
  total_attempted: 2,
  total_successful: 1,
  total_failed: 1,
  failed_users: [{ name: 'Lee Carter', email: 'lee.carter@demo.test', reason: 'Already enrolled on this course.' }],
};

export type WizardBody = { courses: number[]; users: number[]; newUsers: unknown[]; companyID: number };
export const DEMO = { company_id: 2, company_name: 'Demo Construction Ltd' };

/** The server's quote as the fakes' learners make it: Lee is on Fire Safety already; one paying account. */
export function quoteOf(body: WizardBody, balance: number) {
  const courses = COURSES.filter((c) => body.courses.includes(c.id));
  let credits = 0;
  let enrolments = 0;
  const skipped: { user_id: number; course_ids: number[] }[] = [];
  for (const id of body.users) {
    const already = courses.filter((c) => [LEE, PRIYA].find((e) => e.id === id)?.enrolled_course_ids.includes(c.id)).map((c) => c.id);
    if (already.length) skipped.push({ user_id: id, course_ids: already });
    for (const c of courses) if (!already.includes(c.id)) [credits, enrolments] = [credits + c.credit_cost, enrolments + 1];
  }
  for (let i = 0; i < body.newUsers.length; i++) for (const c of courses) [credits, enrolments] = [credits + c.credit_cost, enrolments + 1];
  const groups = enrolments ? [{ ...DEMO, parent: null, enrolments, credits, paid_by: [{ ...DEMO, credits }] }] : [];
  const accounts = [{ ...DEMO, balance_before: balance, credits, balance_after: balance - credits }];
  return { data: { enrolments, credits, is_enough: balance >= credits, accounts, groups, skipped } };
}

export function renderWizard(overrides: Record<string, FakeHandler> = {}, balance = 40, address = '/enrolments/create/v2') {
  const server = fakeApi({
    'POST /api/courses/1/toggle': () => ({ success: true, data: [1] }),
    'POST /api/courses/2/toggle': () => ({ success: true, data: [2] }),
    'POST /api/company/enroll/quote': ({ body }) => quoteOf(body as WizardBody, balance),
    'GET /api/courses': () => coursesAnswer(COURSES),
    'GET /api/account': () => ({
      user: { id: 10, name: 'Morgan Hale', email: 'manager@demo.test' },
      company: { id: 2, name: 'Demo Construction Ltd', logo_url: null },
      settings: { send_certificate: true, send_report: true, send_expiry_report: true },
      depots: [{ id: 3, name: 'North Depot', email: null }],
      company_managers: [],
    }),
    'GET /api/company/2/getRecentLearner': () => ({ data: { data: [LEE, PRIYA], current_page: 1, last_page: 1, total: 2 } }),
    'GET /api/company/2/users/search': ({ query }) => ({
      data: [LEE, PRIYA].filter((e) => e.name.toLowerCase().includes(query.get('term')!.toLowerCase())),
    }),
    'GET /api/company/2/credits': () => ({
      data: { company_id: 2, company_name: 'Demo Construction Ltd', balance, parent: null, available: balance },
    }),
    'GET /api/company/3/credits': () => ({
      data: {
        company_id: 3,
        company_name: 'North Depot',
        balance: 1,
        parent: { id: 2, name: 'Demo Construction Ltd', balance },
        available: balance + 1,
      },
    }),
    'POST /api/company/enroll': () => ({ success: true, message: 'Done', data: [], enrollment_summary: SUMMARY, credit_balance: 35 }),
    ...overrides,
  });
  render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/enrolments/create/v2" element={<EnrolNew api={server.api} session={session} />} />
      </Routes>
      <a href="/reporting">Enrolments</a>
    </MemoryRouter>,
  );
  return server;
}

export const stepButton = (name: RegExp) => screen.getByRole('button', { name });
export const chooseCourse = async (name: string) => fireEvent.click(await screen.findByRole('checkbox', { name }));

export async function toStepTwoWithLee() {
  await chooseCourse('Fire Safety');
  await chooseCourse('Manual Handling');
  fireEvent.click(screen.getByRole('button', { name: 'Next: Add Employees' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Add Lee Carter' }));
}
