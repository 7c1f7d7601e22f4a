import { afterEach, describe, expect, it } from 'vitest';
import { forgetLaunch, offlineLaunch, rememberCommit, rememberContentKept, rememberLaunch } from './launch-copy';
import type { LaunchData } from './scorm-player';
import { launchOf } from './testing/launch-of';

afterEach(() => localStorage.clear());

describe('the launch copy (issue 22 item 3)', () => {
  it('reopens the SCO shown last from its newest CMI, resumed, with the last sequence number', () => {
    rememberLaunch('5', '9', launchOf(1), 0);
    rememberContentKept('5', '9', 1);
    rememberCommit('5', '9', { attemptId: 1, index: 0, seq: 1, cmi: { 'cmi.core.lesson_location': '2' } });
    rememberLaunch('5', '9', launchOf(1), 1);
    rememberCommit('5', '9', { attemptId: 1, index: 1, seq: 2, cmi: { 'cmi.core.lesson_location': '7' } });
    rememberCommit('5', '9', { attemptId: 1, index: 1, seq: 3, cmi: { 'cmi.core.lesson_location': '8' } });
    const copy = offlineLaunch('5', '9')!;
    expect(copy.seq).toBe(3);
    expect(copy.launch.start_index).toBe(1);
    expect(copy.launch.scos[0]!.cmi).toEqual({ 'cmi.core.lesson_location': '2', 'cmi.core.entry': 'resume' });
    expect(copy.launch.scos[1]!.cmi).toEqual({ 'cmi.core.lesson_location': '8', 'cmi.core.entry': 'resume' });
  });

  it('starts afresh for a new attempt and ignores commits of an older one', () => {
    rememberLaunch('5', '9', launchOf(1), 0);
    rememberCommit('5', '9', { attemptId: 1, index: 0, seq: 4, cmi: { 'cmi.core.lesson_location': '2' } });
    rememberLaunch('5', '9', launchOf(2), 0);
    // The new attempt's files are not on the device yet: it cannot reopen offline.
    expect(offlineLaunch('5', '9')).toBeNull();
    rememberContentKept('5', '9', 1);
    expect(offlineLaunch('5', '9')).toBeNull();
    rememberContentKept('5', '9', 2);
    rememberCommit('5', '9', { attemptId: 1, index: 0, seq: 5, cmi: { 'cmi.core.lesson_location': '3' } });
    const copy = offlineLaunch('5', '9')!;
    expect(copy.launch.attempt_id).toBe(2);
    expect(copy.seq).toBe(0);
    expect(copy.launch.scos[0]!.cmi).toEqual({ 'cmi.core.lesson_location': '' });
  });

  it('keeps only the signed-in user’s copies, and forgets a finished attempt', () => {
    rememberLaunch('5', '9', launchOf(1), 0);
    rememberContentKept('5', '9', 1);
    rememberLaunch('6', '10', launchOf(3), 0);
    rememberContentKept('6', '10', 3);
    expect(offlineLaunch('5', '9')).toBeNull();
    expect(offlineLaunch('6', '10')).not.toBeNull();
    forgetLaunch('6', '10');
    expect(offlineLaunch('6', '10')).toBeNull();
  });

  it('uses cmi.entry for SCORM 2004', () => {
    rememberLaunch('5', '9', { ...launchOf(1), version: '2004' } as LaunchData, 0);
    rememberContentKept('5', '9', 1);
    rememberCommit('5', '9', { attemptId: 1, index: 0, seq: 1, cmi: { 'cmi.location': '4' } });
    expect(offlineLaunch('5', '9')!.launch.scos[0]!.cmi).toEqual({ 'cmi.location': '4', 'cmi.entry': 'resume' });
  });
});
