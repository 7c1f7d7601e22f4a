import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { fakeApi, reply, type FakeHandler } from '@portal/frontend-kit/testing';
import { savedNoticeOf } from '../modules/courses/courses-location-state';
import EditCourse from './edit-course';

const bridging = {
  course: { id: 5, name: 'Bridged course', validity_period: 2, has_bridging: true },
  data: [
    { id: 31, activity_id: 11, name: 'Site walk', code: 1357, description: 'Walk the site.', enabled: true, type: 'file', file_url: null },
    { id: 32, activity_id: 12, name: 'Ladder check', code: 2468, description: '', enabled: false, type: 'video', file_url: null },
  ],
};

function CourseList() {
  const { state } = useLocation();
  return <p>Course list{savedNoticeOf(state) ? `: ${savedNoticeOf(state)}` : ''}</p>;
}

function renderEditCourse(save: FakeHandler, extra: Record<string, FakeHandler> = {}) {
  const server = fakeApi({ 'GET /api/courses/5/bridgingActivities': () => bridging, 'POST /companyCourse/edit/5': save, ...extra });
  render(
    <MemoryRouter initialEntries={['/courses/edit/5']}>
      <Routes>
        <Route path="/courses/edit/:id" element={<EditCourse api={server.api} />} />
        <Route path="/courses" element={<CourseList />} />
      </Routes>
    </MemoryRouter>,
  );
  return server;
}

const activities = () => screen.getAllByTestId('bridging-activity');

describe('company EditCourse', () => {
  it('links each bridging activity to the activity code page of a learner found on the course (issue 24 item 8)', async () => {
    const server = renderEditCourse(() => ({ success: true, message: 'ok' }), {
      'GET /api/reporting/enrolments': () => ({
        results: {
          data: [{ id: 77, learner_name: 'Lee Carter', email: 'lee@example.test', login_code: null, status: 'passed' }],
          meta: {},
        },
      }),
    });
    await screen.findByText('Site walk');
    fireEvent.change(screen.getByLabelText('Activity code pages: find a learner on this course'), { target: { value: 'Lee' } });
    fireEvent.click(await screen.findByRole('button', { name: /Lee Carter/ }));
    const search = server.requests.find((r) => r.path === '/api/reporting/enrolments')!;
    expect(search.query.get('search')).toBe('Lee');
    expect(search.query.get('courses')).toBe('5');
    expect(
      within(activities()[0]!)
        .getByRole('link', { name: /Activity code page for Lee Carter.*Site walk/ })
        .getAttribute('href'),
    ).toBe('/activity-code/77/11');
    expect(
      within(activities()[1]!)
        .getByRole('link', { name: /Activity code page for Lee Carter/ })
        .getAttribute('href'),
    ).toBe('/activity-code/77/12');
  });

  it('sends the certificate expiry as a number and each activity’s description and switch', async () => {
    const server = renderEditCourse(() => ({ success: true, message: 'Course successfully saved!' }));
    await waitFor(() => expect(screen.getByLabelText('Certificate expiry (years)')).toHaveProperty('value', '2'));

    fireEvent.change(screen.getByLabelText('Certificate expiry (years)'), { target: { value: '4' } });
    fireEvent.change(within(activities()[0]!).getByLabelText('Description'), { target: { value: 'Walk the yard.' } });
    fireEvent.click(within(activities()[1]!).getByLabelText('Enabled'));
    fireEvent.change(within(activities()[1]!).getByLabelText('Description'), { target: { value: 'Check the ladder.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Back to the list, which shows the success notice (the edit page is gone by then).
    expect(await screen.findByText('Course list: Course successfully saved!')).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      validity_period: 4,
      activities: [
        { id: 31, description: 'Walk the yard.', enabled: true },
        { id: 32, description: 'Check the ladder.', enabled: true },
      ],
    });
  });

  it('puts the server’s 422 messages under validity_period and activities.{n}.description', async () => {
    renderEditCourse(() =>
      reply(422, {
        message: 'The given data was invalid.',
        errors: {
          validity_period: ['The certificate expiry must be at most 100 years.'],
          'activities.0.description': ['The description is not allowed.'],
        },
      }),
    );
    await waitFor(() => expect(activities()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(document.getElementById('validity-period-error')?.textContent).toBe('The certificate expiry must be at most 100 years.'),
    );
    expect(document.getElementById('activity-0-description-error')?.textContent).toBe('The description is not allowed.');
    expect(screen.getByLabelText('Certificate expiry (years)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The given data was invalid.')).toBeTruthy();
  });
});
