import { describe, expect, it } from 'vitest';
import { syncStatusText } from './sync-status';

describe('syncStatusText (issue 22 item 2)', () => {
  it('says how safe the progress is, with the count waiting while offline', () => {
    expect(syncStatusText({ phase: 'idle', waiting: 0 })).toBe('');
    expect(syncStatusText({ phase: 'saved', waiting: 0 })).toBe('Saved');
    expect(syncStatusText({ phase: 'offline', waiting: 3 })).toBe('Saved on this device — will sync when you are back online (3 waiting)');
    expect(syncStatusText({ phase: 'paused', waiting: 2 })).toBe(
      'Saving paused for a moment — your progress is kept on this device and will be sent shortly (2 waiting)',
    );
    expect(syncStatusText({ phase: 'syncing', waiting: 2 })).toBe('Syncing…');
    expect(syncStatusText({ phase: 'synced', waiting: 0 })).toBe('Synced');
  });
});
