import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceCopyNames, keepDeviceCopy } from './device-store';
import { leaveIfSessionEnded } from './leave-if-session-ended';

afterEach(() => localStorage.clear());

describe('leaveIfSessionEnded (issue 24 item 5)', () => {
  it('goes to /logout when the session has ended, and the player’s copies on the device go first (issue 31 item 6)', async () => {
    keepDeviceCopy('shell:7', { user: { id: 7 } });
    keepDeviceCopy('launch:7:12', { seq: 3 });
    const leave = vi.fn(() => expect(deviceCopyNames()).toEqual([]));
    await leaveIfSessionEnded(async () => new Response('{}', { status: 401 }), leave);
    expect(leave).toHaveBeenCalledOnce();
  });

  it('stays on the page when the session is still valid (the 401 was the route’s own refusal), and keeps the copies', async () => {
    keepDeviceCopy('launch:7:12', { seq: 3 });
    const leave = vi.fn();
    await leaveIfSessionEnded(async () => new Response('{}', { status: 200 }), leave);
    expect(leave).not.toHaveBeenCalled();
    expect(deviceCopyNames()).toEqual(['launch:7:12']);
  });

  it('stays when the session cannot be asked (offline), and asks once for 401s that come together', async () => {
    const leave = vi.fn();
    await leaveIfSessionEnded(() => Promise.reject(new TypeError('Failed to fetch')), leave);
    expect(leave).not.toHaveBeenCalled();
    const probe = vi.fn(async () => new Response('{}', { status: 401 }));
    await Promise.all([leaveIfSessionEnded(probe, leave), leaveIfSessionEnded(probe, leave)]);
    expect(probe).toHaveBeenCalledOnce();
    expect(leave).toHaveBeenCalledOnce();
  });
});
