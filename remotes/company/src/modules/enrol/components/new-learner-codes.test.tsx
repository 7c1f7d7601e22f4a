import { fireEvent, render, screen, within } from '@testing-library/react';
import { SIGN_IN_SLIP_MESSAGES, type EnrolledRow } from '@portal/contracts';
import { fakeApi } from '@portal/frontend-kit/testing';
import { NewLearnerCodes } from './new-learner-codes';

const row = (user_id: number, learner_name: string, email: string | null, login_code: string | null): EnrolledRow => ({
  enrollment_id: user_id,
  user_id,
  learner_name,
  email,
  course_id: 1,
  course_name: 'Working at Height',
  login_code,
  code: String(user_id),
  credits: 1,
});

describe('NewLearnerCodes', () => {
  it('lists each learner without an email with their code, and offers their slips and codes', () => {
    const { api } = fakeApi({});
    render(
      <NewLearnerCodes
        api={api}
        companyId={3}
        enrolled={[
          row(7, 'Zoë Łukasiewicz', null, 'HSTL7ABC2D'),
          row(8, 'Mailed Person', 'm@x.test', 'MAIL8ABC2D'),
          row(9, 'Al Plain', null, 'PLAN9ABC2D'),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Learners who sign in with a login code' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(cells).toEqual(['Al PlainPLAN9ABC2D', 'Zoë ŁukasiewiczHSTL7ABC2D']);
    expect(screen.getByText(/2 learners have no email address/)).toBeTruthy();
    expect(screen.getByRole('button', { name: SIGN_IN_SLIP_MESSAGES.downloadSlips })).toBeTruthy();
    expect(screen.getByRole('button', { name: SIGN_IN_SLIP_MESSAGES.downloadCodes })).toBeTruthy();
  });

  it('searches and pages a long list', () => {
    const { api } = fakeApi({});
    const rows = Array.from({ length: 14 }, (_, i) => row(i + 1, `Learner ${String(i).padStart(2, '0')}`, null, `CODE${i}XYZ`));
    render(<NewLearnerCodes api={api} companyId={3} enrolled={rows} />);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search these learners'), { target: { value: 'code13' } });
    expect(screen.getByText('Learner 13')).toBeTruthy();
    expect(screen.queryByText('Learner 01')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search these learners'), { target: { value: 'nobody' } });
    expect(screen.getByText('No learner matches your search.')).toBeTruthy();
  });

  it('shows nothing when every learner has an email', () => {
    const { api } = fakeApi({});
    const { container } = render(<NewLearnerCodes api={api} companyId={3} enrolled={[row(8, 'Mailed', 'm@x.test', 'MAIL8ABC2D')]} />);
    expect(container.innerHTML).toBe('');
  });
});
