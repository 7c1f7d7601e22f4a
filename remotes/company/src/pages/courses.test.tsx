import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CourseSummary } from '@portal/contracts';
import { fakeApi, type FakeRequest, courseSummaryFake } from '@portal/frontend-kit/testing';
import Courses from './courses';

const course = (id: number, name: string, categoryId: number, hasEnrolments = false): CourseSummary =>
  courseSummaryFake(id, name, { description: `<p>${name}</p>`, category_ids: [categoryId], has_enrollments: hasEnrolments });

const COURSES = [
  course(1, 'Fire Safety Awareness', 6),
  course(2, 'Manual Handling', 8, true),
  course(3, 'Working at Height Basics', 16),
  ...Array.from({ length: 10 }, (_, i) => course(10 + i, `Site Induction ${i + 1}`, 16)),
];

/** The catalogue as a company sees it: search, category, pages of per_page, and its selection. */
function catalogueServer() {
  const selected = new Set<number>([2]);
  const toggle = (id: number) => () => {
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    return { success: true, data: [...selected] };
  };
  return fakeApi({
    'GET /api/categories': () => ({
      data: [
        { id: 6, name: 'Fire Safety' },
        { id: 8, name: 'Manual Handling' },
        { id: 16, name: 'Construction' },
      ],
    }),
    'GET /api/courses': ({ query }: FakeRequest) => {
      const search = query.get('search')?.toLowerCase();
      const category = Number(query.get('category_id')) || null;
      const rows = COURSES.filter(
        (c) => (!search || c.name.toLowerCase().includes(search)) && (!category || c.category_ids.includes(category)),
      );
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('per_page'));
      return {
        data: rows.slice((page - 1) * perPage, page * perPage).map((c) => ({ ...c, selected: selected.has(c.id) })),
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(rows.length / perPage)), per_page: perPage, total: rows.length },
        selected: COURSES.filter((c) => selected.has(c.id)).map((c) => ({ id: c.id, name: c.name })),
      };
    },
    'POST /api/courses/1/toggle': toggle(1),
    'POST /api/courses/3/toggle': toggle(3),
  });
}

function renderCourses(url: string | { pathname: string; state: unknown } = '/courses') {
  const server = catalogueServer();
  function Address() {
    const location = useLocation();
    return <output data-testid="address">{location.pathname + location.search}</output>;
  }
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/courses" element={<Courses api={server.api} />} />
        <Route path="/courses/edit/:id" element={<p>Edit course page</p>} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
  return server;
}

const address = () => screen.getByTestId('address').textContent;
const card = (name: string) => screen.getAllByTestId('course-card').find((c) => c.textContent?.includes(name))!;
const panel = () => screen.getByRole('complementary', { name: 'Selected Courses' });

describe('company Courses page', () => {
  it('lists 10 a page with the count, and the category and page in the address', async () => {
    const { requests } = renderCourses();
    expect(await screen.findByText('Showing all 13 courses.')).toBeTruthy();
    expect(screen.getAllByTestId('course-card')).toHaveLength(10);
    expect(requests.find((r) => r.path === '/api/courses')?.query.toString()).toBe('page=1&per_page=10&sortBy=name');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(address()).toBe('/courses?page=2');
    await screen.findByText('Page 2 of 2');

    fireEvent.click(screen.getByRole('button', { name: 'Manual Handling' }));
    expect(address()).toBe('/courses?category_id=8');
    expect(await screen.findByText('Showing 1 Manual Handling course.')).toBeTruthy();
  });

  it('searches from 2 characters once typing pauses, starting again at page 1', async () => {
    const { requests } = renderCourses('/courses?page=2');
    await screen.findByText('Page 2 of 2');
    fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: 'w' } });
    fireEvent.change(screen.getByLabelText('Search courses'), { target: { value: 'WORKING AT' } });
    await waitFor(() => expect(address()).toBe('/courses?search=WORKING+AT'));
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(1));
    // One course reads in the singular, without "all" (issue 24 item 15).
    expect(screen.getByText('Showing 1 course.')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/courses').map((r) => r.query.get('search'))).toEqual([null, 'WORKING AT']);
  });

  it('says no course matches a search that finds nothing, without a count, and Clear search lists them all again', async () => {
    renderCourses('/courses?search=zzz');
    expect(await screen.findByText('No courses match your search.')).toBeTruthy();
    expect(screen.getByText('No course has “zzz” in its name.')).toBeTruthy();
    // Not "Showing all 0 courses." (issue 32 item 7).
    expect(screen.queryByText(/^Showing/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(address()).toBe('/courses');
    expect(await screen.findByText('Showing all 13 courses.')).toBeTruthy();
    expect((screen.getByLabelText('Search courses') as HTMLInputElement).value).toBe('');
  });

  it('opens the Selected Courses panel, which follows each toggle and links to the course’s edit page', async () => {
    renderCourses();
    await screen.findByText('Showing all 13 courses.');
    const toggleButton = screen.getByRole('button', { name: /^Selected Courses/ });
    await waitFor(() => expect(toggleButton.textContent).toBe('Selected Courses (1)'));
    fireEvent.click(toggleButton);
    expect(within(panel()).getByRole('link', { name: 'Edit Manual Handling' }).getAttribute('href')).toBe('/courses/edit/2');
    // A course with enrolments stays selected.
    expect(within(card('Manual Handling')).getByRole('button', { name: 'Selected' })).toHaveProperty('disabled', true);

    fireEvent.click(within(card('Fire Safety Awareness')).getByRole('button', { name: 'Select' }));
    await waitFor(() =>
      expect(
        within(panel())
          .getAllByRole('listitem')
          .map((li) => li.querySelector('span')?.textContent),
      ).toEqual(['Fire Safety Awareness', 'Manual Handling']),
    );
    expect(toggleButton.textContent).toBe('Selected Courses (2)');
    await waitFor(() => expect(within(card('Fire Safety Awareness')).getByRole('button', { name: 'Selected' })).toBeTruthy());

    fireEvent.click(within(card('Fire Safety Awareness')).getByRole('button', { name: 'Selected' }));
    await waitFor(() => expect(toggleButton.textContent).toBe('Selected Courses (1)'));

    fireEvent.click(within(panel()).getByRole('link', { name: 'Edit Manual Handling' }));
    expect(address()).toBe('/courses/edit/2');
    expect(screen.getByText('Edit course page')).toBeTruthy();
  });

  it('keeps the open panel in step with each toggle, and closes', async () => {
    renderCourses('/courses?category_id=16');
    await screen.findByText('Showing 11 Construction courses.');
    fireEvent.click(within(card('Working at Height Basics')).getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('button', { name: /^Selected Courses/ }));
    await waitFor(() => expect(within(panel()).getByText('Working at Height Basics')).toBeTruthy());
    // The toggle reloads the list: its card is back once that answer lands.
    await waitFor(() => expect(within(card('Working at Height Basics')).getByRole('button', { name: 'Selected' })).toBeTruthy());
    fireEvent.click(within(card('Working at Height Basics')).getByRole('button', { name: 'Selected' }));
    await waitFor(() => expect(within(panel()).queryByText('Working at Height Basics')).toBeNull());
    expect(within(panel()).getByText('Manual Handling')).toBeTruthy();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('complementary', { name: 'Selected Courses' })).toBeNull();
  });

  it('moves focus into the opened panel, and Escape closes it with focus back on its opener', async () => {
    renderCourses();
    await screen.findByText('Showing all 13 courses.');
    const opener = screen.getByRole('button', { name: /^Selected Courses/ });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(panel());
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Selected Courses' })).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(opener);
    fireEvent.click(within(panel()).getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(opener);
  });

  it('shows the notice Edit course sends it back with, until dismissed', async () => {
    renderCourses({ pathname: '/courses', state: { savedNotice: 'Course successfully saved!' } });
    expect((await screen.findByText('Course successfully saved!')).closest('[role="status"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Course successfully saved!')).toBeNull();
  });
});
