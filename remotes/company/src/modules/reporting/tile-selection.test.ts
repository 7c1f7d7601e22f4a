import { readTileSelection, tileStorageKey, toggleTile, visibleTiles, writeTileSelection } from './tile-selection';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('tile selection', () => {
  it('defaults to every course (null) when nothing or nonsense is stored', () => {
    const storage = memoryStorage();
    expect(readTileSelection(storage, 1)).toBeNull();
    storage.setItem(tileStorageKey(1), '{oops');
    expect(readTileSelection(storage, 1)).toBeNull();
    storage.setItem(tileStorageKey(1), '"3"');
    expect(readTileSelection(storage, 1)).toBeNull();
  });

  it('keeps the choice per company and forgets it when every course is chosen again', () => {
    const storage = memoryStorage();
    writeTileSelection(storage, 1, [3, 5]);
    writeTileSelection(storage, 2, [9]);
    expect(readTileSelection(storage, 1)).toEqual([3, 5]);
    expect(readTileSelection(storage, 2)).toEqual([9]);
    writeTileSelection(storage, 1, []);
    expect(readTileSelection(storage, 1)).toBeNull();
    expect(storage.items.has(tileStorageKey(1))).toBe(false);
  });

  it('survives a storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(readTileSelection(refusing, 1)).toBeNull();
    expect(() => writeTileSelection(refusing, 1, [1])).not.toThrow();
  });

  it('toggles a course in and out of the choice', () => {
    expect(toggleTile([], 4)).toEqual([4]);
    expect(toggleTile([4], 6)).toEqual([4, 6]);
    expect(toggleTile([4, 6], 4)).toEqual([6]);
    expect(toggleTile([6], 6)).toEqual([]);
  });

  it('shows 10 tiles, all on Show all, and always the chosen ones', () => {
    const courses = Array.from({ length: 14 }, (_, i) => ({ id: i + 1 }));
    expect(visibleTiles(courses, [], 10, false).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(visibleTiles(courses, [13], 10, false).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13]);
    expect(visibleTiles(courses, [], 10, true)).toHaveLength(14);
  });
});
