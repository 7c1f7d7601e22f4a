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
  const { isOpen, setOpen, close, containerRef, toggleRef } = usePopover();
  // The search text stays while the list is closed and opened again.
  const [text, setText] = useState('');
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape closes the popover from any control inside it
    <div
      className="reporting-course-filter"
      ref={containerRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={toggleRef}
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
      {isOpen ? <CourseFilterPanel id={panelId} {...{ courses, chosen, onChange, text, setText }} onDone={close} /> : null}
    </div>
  );
}

/** Open and closed: a tap outside closes it; `close` hands the focus back to the toggle. */
function usePopover() {
  const [isOpen, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (containerRef.current && !containerRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  return { isOpen, setOpen, close, containerRef, toggleRef };
}

interface CourseFilterPanelProps extends CourseFilterProps {
  text: string;
  setText: (text: string) => void;
  onDone: () => void;
}

/** The open list: a search, a check box a course, Any course and Done. */
function CourseFilterPanel({ id, courses, chosen, onChange, text, setText, onDone }: CourseFilterPanelProps) {
  const term = text.trim().toLowerCase();
  const shown = term ? courses.filter((course) => course.name.toLowerCase().includes(term)) : courses;
  const flip = (courseId: number) => onChange(chosen.includes(courseId) ? chosen.filter((c) => c !== courseId) : [...chosen, courseId]);
  return (
    <div id={id} className="reporting-course-filter__panel" data-testid="course-filter-panel">
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
        <Button variant="secondary" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
