import { useState } from 'react';
import { toggleCourse, type ApiClient, type CourseSummary } from '@portal/contracts';

export interface SelectedCourse {
  id: number;
  name: string;
}

/**
 * The selection after a toggle: the server's ids, named from what the page knows (the panel's
 * courses and the listed ones), sorted by name as the panel shows them.
 */
export function selectionAfterToggle(ids: readonly number[], known: readonly SelectedCourse[]): SelectedCourse[] {
  const names = new Map(known.map((course) => [course.id, { id: course.id, name: course.name }]));
  return [...new Set(ids)]
    .map((id) => names.get(id))
    .filter((course): course is SelectedCourse => Boolean(course))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The company's selected courses (spec §4: per session; toggling flips one). Each page of courses
 * the server sends carries the selection; a toggle answers with the new ids, then `reload` refreshes
 * the list so flags change and a request still in flight cannot undo the toggle.
 */
export function useCourseSelection(
  api: ApiClient,
  loaded: { data: CourseSummary[]; selected?: SelectedCourse[] } | null,
  reload: () => void,
) {
  const [selected, setSelected] = useState<SelectedCourse[] | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  // The server's selection, each time a page of courses arrives (not on every render).
  const [lastLoaded, setLastLoaded] = useState<typeof loaded>(null);
  if (loaded !== lastLoaded) {
    setLastLoaded(loaded);
    if (loaded) setSelected(loaded.selected ?? []);
  }

  async function toggle(course: CourseSummary) {
    setBusyId(course.id);
    try {
      const result = await api.call(toggleCourse, { params: { id: course.id } });
      setSelected((current) => selectionAfterToggle(result.data, [...(current ?? []), ...(loaded?.data ?? [])]));
      reload();
    } catch (error) {
      // Spec §8: a failed toggle is only logged; the selection stays as it was.
      console.error('Failed to toggle the course selection', error);
    } finally {
      setBusyId(null);
    }
  }

  return { selected, selectedIds: new Set((selected ?? []).map((course) => course.id)), busyId, toggle };
}
