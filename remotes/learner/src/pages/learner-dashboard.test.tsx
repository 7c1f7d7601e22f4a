import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SessionUser } from '@portal/contracts';
import { fakeApi } from '@portal/frontend-kit/testing';
import LearnerDashboard from './learner-dashboard';

const session: SessionUser = {
  id: 12,
  name: 'Lee Learner',
  email: 'lee@example.test',
  role: 'learner',
  company_id: 3,
  company_name: 'Harbour Works Ltd',
  is_mimicking: false,
};

function renderDashboard(user: SessionUser) {
  const { api } = fakeApi({
    'GET /api/learner/dashboard': () => ({
      learner_name: 'Lee Learner',
      enrollments: [],
      help_email: 'help@portal.test',
      is_purchased_account: false,
    }),
  });
  render(
    <MemoryRouter>
      <LearnerDashboard session={user} api={api} />
    </MemoryRouter>,
  );
}

describe('LearnerDashboard welcome', () => {
  it('says "Welcome" on a first visit, not "Welcome back" (issue 24 item 15)', async () => {
    renderDashboard({ ...session, is_first_visit: true });
    expect(await screen.findByRole('heading', { name: 'Welcome, Lee Learner' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });
  it('welcomes back a learner who has been here before', async () => {
    renderDashboard({ ...session, is_first_visit: false });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Lee Learner' })).toBeTruthy();
  });
});
