import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CourseSummary } from '@portal/contracts';
import { fakeApi, courseSummaryFake } from '@portal/frontend-kit/testing';
import AdminDashboard from './admin-dashboard';

const course = (id: number, name: string): CourseSummary => courseSummaryFake(id, name);

/** Counts and a course list that agree: deleting a course lowers the Courses count. */
function siteServer() {
  const courses = [course(1, 'Fire Safety Awareness'), course(2, 'Manual Handling'), course(3, 'Working at Height')];
  return fakeApi({
    'GET /api/admin/dashboard': () => ({ counts: { learners: 12, companies: 4, courses: courses.length, jobs: 0 } }),
    'GET /api/courses': () => ({ data: courses, meta: { current_page: 1, last_page: 1, per_page: 15, total: courses.length } }),
    'DELETE /api/courses/2': () => {
      courses.splice(1, 1);
      return { success: true, message: 'Course deleted.' };
    },
  });
}

const coursesTab = () => screen.getByRole('tab', { name: /^Courses/ });

// jsdom lays nothing out, so it has no scrollIntoView (the dashboard keeps the active tab in view).
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

describe('AdminDashboard tab counts', () => {
  it('follow a delete in the panel without a reload of the page', async () => {
    const server = siteServer();
    render(
      <MemoryRouter initialEntries={['/admin?tab=courses']}>
        <AdminDashboard api={server.api} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(coursesTab().textContent).toContain('(3)'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Manual Handling' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete course' }));
    await waitFor(() => expect(coursesTab().textContent).toContain('(2)'));
    expect(server.requests.filter((r) => r.path === '/api/admin/dashboard')).toHaveLength(2);
    // The other counts stayed on their tabs throughout.
    expect(screen.getByRole('tab', { name: /^Learners/ }).textContent).toContain('(12)');
  });
});
