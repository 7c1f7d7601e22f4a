import type { RefObject } from 'react';
import type { ApiClient, learnLaunch, RouteOutput } from '@portal/contracts';
import type { CommitQueue } from './commit-queue';
import type { ScoEnd, ScoRuntime } from './sco-runtime';

export type LaunchData = RouteOutput<typeof learnLaunch>;

export const OFFLINE_REOPEN = 'You are offline: this opens again when you are back online. Your progress is saved on this device.';

/** running: the content is in charge. switching / leaving: the player is unloading the frame itself. */
export type Phase = 'running' | 'switching' | 'leaving' | 'superseded';

/** What the session's callbacks share between renders (what the view shows is state: PlayerView). */
export interface LiveSession {
  /** The launch and SCO the player last started (the view's copies are `shownLaunch` / `index`). */
  launch: LaunchData;
  index: number;
  runtime: ScoRuntime | null;
  phase: Phase;
  /** The last sequence number the attempt used. */
  seq: number;
  isPageHiding: boolean;
  /** The SCOs opened in this visit (one seen again opens from the newest copy). */
  visited: Set<number>;
  /** How a SCO's end steers the player: set after each render, so the runtime's callback sees the newest handlers. */
  handleEnd: (end: ScoEnd) => void;
}

/** What the player's view shows. */
export interface PlayerView {
  /** The launch and SCO the player last started. `initial` is fixed for the player's life: the page keys the player by attempt. */
  shownLaunch: LaunchData;
  index: number;
  isBusy: boolean;
  /** A save the server refused (e.g. too much suspend data): shown above the course; what was saved before stays. */
  saveError: string | null;
  /** The server's copy is newer (another tab or device): this page stops and offers to reload it. */
  isSuperseded: boolean;
  /** Finished while offline: the result goes to the server when the network returns. */
  isFinishingOffline: boolean;
  /**
   * The frame each SCO launch opens in: a new frame element per launch (the key), not the old one
   * navigated again. The old frame has gone to about:blank by then (its content unloaded on the
   * portal's side); sending that same frame straight back to the content origin made Chromium move
   * it between processes twice in a moment, which under load left the automation (Playwright)
   * with a frame it could no longer reach.
   */
  scoFrame: { key: number; src: string } | null;
}

export type ViewUpdate = (change: Partial<PlayerView> | ((view: PlayerView) => Partial<PlayerView>)) => void;

/** What the session's parts share: who and what it plays, the frame, the live state and the view's updater. */
export interface SessionContext {
  api: ApiClient;
  enrolmentId: string;
  userId: string;
  queue: CommitQueue;
  frameRef: RefObject<HTMLIFrameElement | null>;
  sessionRef: RefObject<LiveSession>;
  update: ViewUpdate;
}
