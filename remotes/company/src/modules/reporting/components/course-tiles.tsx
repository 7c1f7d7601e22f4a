import { useState } from 'react';
import { COURSE_TILES_SHOWN } from '@portal/contracts';
import { Button } from '@portal/design-system';
import { visibleTiles } from '../tile-selection';

export interface TileCourse {
  id: number;
  name: string;
}

export interface CourseTilesProps {
  courses: readonly TileCourse[];
  /** Empty: every course. */
  chosen: readonly number[];
  onToggle: (courseId: number) => void;
  onChooseAll: () => void;
}

/**
 * The course tiles (spec §2, §4): 10 shown with Show all/Hide all; a tile is pressed while its course
 * is chosen. With nothing chosen every course counts, and 'All courses' is the pressed tile.
 */
export function CourseTiles({ courses, chosen, onToggle, onChooseAll }: CourseTilesProps) {
  const [isShowingAll, setShowingAll] = useState(false);
  if (courses.length === 0) return null;
  const tiles = visibleTiles(courses, chosen, COURSE_TILES_SHOWN, isShowingAll);
  const isAll = chosen.length === 0;
  return (
    <section className="reporting-tiles" aria-label="Courses">
      <div className="reporting-tiles__grid">
        <button type="button" className="reporting-tile reporting-tile--all" aria-pressed={isAll} onClick={onChooseAll}>
          All courses
        </button>
        {tiles.map((course) => (
          <button
            key={course.id}
            type="button"
            className="reporting-tile"
            aria-pressed={chosen.includes(course.id)}
            onClick={() => onToggle(course.id)}
          >
            {course.name}
          </button>
        ))}
      </div>
      {courses.length > COURSE_TILES_SHOWN ? (
        <Button variant="ghost" size="sm" aria-expanded={isShowingAll} onClick={() => setShowingAll((value) => !value)}>
          {isShowingAll ? 'Hide all' : `Show all (${courses.length})`}
        </Button>
      ) : null}
    </section>
  );
}
