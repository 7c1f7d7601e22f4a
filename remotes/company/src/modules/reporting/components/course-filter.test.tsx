import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { CourseFilter } from './course-filter';

const COURSES = [
  { id: 1, name: 'Fire Safety' },
  { id: 2, name: 'Manual Handling' },
  { id: 3, name: 'Working at Height' },
];

function Harness({ onChange }: { onChange: (courses: number[]) => void }) {
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <>
      <label htmlFor="courses">Courses</label>
      <CourseFilter
        id="courses"
        courses={COURSES}
        chosen={chosen}
        onChange={(next) => {
          setChosen(next);
          onChange(next);
        }}
      />
      <p>Outside</p>
    </>
  );
}

describe('CourseFilter (issue 32 item 7)', () => {
  it('opens a searchable list of check boxes, each a tap, no Ctrl-click needed', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const toggle = screen.getByRole('button', { name: 'Courses' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain('All courses');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fire Safety' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Working at Height' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 3]);
    expect(toggle.textContent).toContain('2 courses');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search courses' }), { target: { value: 'manual' } });
    const list = screen.getByRole('list', { name: 'Courses' });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement?.textContent),
    ).toEqual(['Manual Handling']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Manual Handling' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 3, 2]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Manual Handling' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 3]);

    fireEvent.click(screen.getByRole('button', { name: 'Any course' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('closes with Escape, Done or a tap outside', () => {
    render(<Harness onChange={() => undefined} />);
    const toggle = screen.getByRole('button', { name: 'Courses' });
    fireEvent.click(toggle);
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search courses' }), { key: 'Escape' });
    expect(screen.queryByTestId('course-filter-panel')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('course-filter-panel')).toBeNull();
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(screen.queryByTestId('course-filter-panel')).toBeNull();
  });
});
