/**
 * The course tiles a manager chose on /reporting, kept in local storage (spec §4: all courses by
 * default). Stored per company as a list of course ids; nothing stored means every course.
 */

export const TILE_STORAGE_PREFIX = 'portal.reporting.tiles.';

export const tileStorageKey = (companyId: number) => `${TILE_STORAGE_PREFIX}${companyId}`;

/** The stored choice, or null (every course) when nothing valid is stored. */
export function readTileSelection(storage: Pick<Storage, 'getItem'>, companyId: number): number[] | null {
  let raw: string | null;
  try {
    raw = storage.getItem(tileStorageKey(companyId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    const ids = parsed.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0);
    return ids.length ? [...new Set(ids)] : null;
  } catch {
    return null;
  }
}

/** Keeps the choice; an empty choice (every course) removes the entry. Storage may be full or refused: the page works without it. */
export function writeTileSelection(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  companyId: number,
  courseIds: readonly number[],
): void {
  try {
    if (courseIds.length === 0) storage.removeItem(tileStorageKey(companyId));
    else storage.setItem(tileStorageKey(companyId), JSON.stringify([...courseIds]));
  } catch {
    // Private mode or a full quota: the choice lives in the address only.
  }
}

/**
 * Clicking a tile. With every course chosen (the empty list), a click chooses that course alone;
 * otherwise it flips the course in the choice, and unchoosing the last one goes back to every course.
 */
export function toggleTile(chosen: readonly number[], courseId: number): number[] {
  if (chosen.includes(courseId)) return chosen.filter((id) => id !== courseId);
  return [...chosen, courseId];
}

/** The tiles on screen: the first `shown` unless all are asked for; chosen tiles are always shown. */
export function visibleTiles<T extends { id: number }>(
  courses: readonly T[],
  chosen: readonly number[],
  shown: number,
  showAll: boolean,
): T[] {
  if (showAll) return [...courses];
  return courses.filter((course, index) => index < shown || chosen.includes(course.id));
}
