import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@portal/design-system';

interface Option {
  id: number;
  name: string;
}

export interface CourseFilterProps {
  /** The toggle button's id, for the field's label. */
  id: string;
  courses: readonly Option[];
  chosen: readonly number[];
  onChange: (courses: number[]) => void;
}

/** "All courses", the one chosen by name, or how many. */
function summary(courses: readonly Option[], chosen: readonly number[]): string {
  if (chosen.length === 0) return 'All courses';
  if (chosen.length === 1) return courses.find((c) => c.id === chosen[0])?.name ?? '1 course';
  return `${chosen.length} courses`;
}

/**
 * The course filter (issue 32 item 7): a button that opens a searchable list of check boxes, each
 * a whole row to tap, instead of a native multi-select that needs Ctrl-click and is unusable on a
 * touch screen. Escape, Done or a tap outside closes it; the choice is the same `courses` filter.
 */
export function CourseFilter({ id, courses, chosen, onChange }: CourseFilterProps) {
  const panelId = useId();
  const summaryId = useId();
  const [isOpen, setOpen] = useState(false);
  const [text, setText] = useState('');
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const term = text.trim().toLowerCase();
  const shown = term ? courses.filter((course) => course.name.toLowerCase().includes(term)) : courses;

  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const flip = (courseId: number) => onChange(chosen.includes(courseId) ? chosen.filter((c) => c !== courseId) : [...chosen, courseId]);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape closes the popover from any control inside it
    <div
      className="reporting-course-filter"
      ref={container}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggle}
        id={id}
        type="button"
        className="ds-input reporting-course-filter__toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        // Named by the field's label ("Courses"); what is chosen is read after it.
        aria-describedby={summaryId}
        onClick={() => setOpen((open) => !open)}
      >
        <span id={summaryId} className="reporting-course-filter__summary">
          {summary(courses, chosen)}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {isOpen ? (
        <div id={panelId} className="reporting-course-filter__panel" data-testid="course-filter-panel">
          <input
            className="ds-input"
            type="search"
            aria-label="Search courses"
            placeholder="Search courses"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
          />
          {shown.length === 0 ? (
            <p className="reporting-muted">No course matches “{text.trim()}”.</p>
          ) : (
            <ul className="reporting-course-filter__list" aria-label="Courses">
              {shown.map((course) => (
                <li key={course.id}>
                  <label className="reporting-course-filter__option">
                    <input type="checkbox" checked={chosen.includes(course.id)} onChange={() => flip(course.id)} />
                    <span>{course.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <div className="reporting-course-filter__buttons">
            <Button variant="ghost" size="sm" onClick={() => onChange([])} disabled={chosen.length === 0}>
              Any course
            </Button>
            <Button variant="secondary" size="sm" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
