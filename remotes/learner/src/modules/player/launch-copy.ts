import { deviceCopy, deviceCopyName, deviceCopyNames, deviceCopyOwner, forgetDeviceCopy, keepDeviceCopy } from '@portal/frontend-kit';
import type { learnLaunch, RouteOutput } from '@portal/contracts';

type LaunchData = RouteOutput<typeof learnLaunch>;

/**
 * The player's device copy of its launch (issue 22 item 3): a reload while offline reopens the
 * attempt from it, with each SCO's newest CMI as the runtime last committed it and the last
 * sequence number used (the server drops a commit whose number it has seen: without it, a
 * reopened page's commits would be taken for repeats). Only the signed-in user's copies are kept;
 * forgotten once the attempt is finished and synced, on sign-out (clearDeviceStore), when the
 * session ends otherwise (forgetDeviceCopies) and when another user signs in (claimDeviceStore).
 */
export interface LaunchCopy {
  launch: LaunchData;
  /** The SCO shown last. */
  index: number;
  /** The highest sequence number this attempt has used. */
  seq: number;
  /** Each SCO's CMI as last committed (flattened, as a launch gives it), by SCO index. */
  cmi: Record<number, Record<string, string>>;
  /** The content origin's worker has the attempt's files (a browser blocking third-party storage refuses it). */
  isContentKept?: boolean;
}

const KIND = 'launch';
const nameOf = (userId: string, enrolmentId: string) => deviceCopyName(KIND, userId, enrolmentId);

/** A launch the player starts (or a SCO it moves to): a new attempt replaces the copy; the same one keeps what it committed. */
export function rememberLaunch(userId: string, enrolmentId: string, launch: LaunchData, index: number): void {
  // Another user's copies on this device go (they would never be sent from here).
  for (const name of deviceCopyNames()) if (name.startsWith(`${KIND}:`) && deviceCopyOwner(name) !== userId) forgetDeviceCopy(name);
  const kept = deviceCopy<LaunchCopy>(nameOf(userId, enrolmentId));
  const copy: LaunchCopy = kept && kept.launch.attempt_id === launch.attempt_id ? { ...kept, index } : { launch, index, seq: 0, cmi: {} };
  keepDeviceCopy(nameOf(userId, enrolmentId), copy);
}

/** A commit the runtime numbered: its CMI and number go to the copy of the same attempt. */
export function rememberCommit(
  userId: string,
  enrolmentId: string,
  commit: { attemptId: number; index: number; seq: number; cmi: Record<string, string> },
): void {
  const kept = deviceCopy<LaunchCopy>(nameOf(userId, enrolmentId));
  if (!kept || kept.launch.attempt_id !== commit.attemptId) return;
  keepDeviceCopy(nameOf(userId, enrolmentId), {
    ...kept,
    seq: Math.max(kept.seq, commit.seq),
    cmi: { ...kept.cmi, [commit.index]: commit.cmi },
  });
}

/** The attempt's files are on the device (the content origin's worker said so). */
export function rememberContentKept(userId: string, enrolmentId: string, attemptId: number): void {
  const kept = deviceCopy<LaunchCopy>(nameOf(userId, enrolmentId));
  if (kept && kept.launch.attempt_id === attemptId) keepDeviceCopy(nameOf(userId, enrolmentId), { ...kept, isContentKept: true });
}

/** The launch to reopen offline (the SCO shown last, each SCO from its newest CMI, resumed) and the number to go on from; null without a copy. */
export function offlineLaunch(userId: string, enrolmentId: string): { launch: LaunchData; seq: number } | null {
  const kept = deviceCopy<LaunchCopy>(nameOf(userId, enrolmentId));
  // Without the package's files on the device the course cannot open: it waits for the network.
  if (!kept?.isContentKept) return null;
  const resumed = kept.launch.version === '1.2' ? 'cmi.core.entry' : 'cmi.entry';
  const scos = kept.launch.scos.map((sco, at) => {
    const cmi = kept.cmi[at];
    return cmi ? { ...sco, cmi: { ...cmi, [resumed]: 'resume' } } : sco;
  });
  return { launch: { ...kept.launch, scos, start_index: Math.min(kept.index, scos.length - 1) }, seq: kept.seq };
}

/** Finished and synced: nothing of the attempt stays on the device. */
export function forgetLaunch(userId: string, enrolmentId: string): void {
  forgetDeviceCopy(nameOf(userId, enrolmentId));
}
