import { CrossFrameLMS, Scorm12API, Scorm2004API, type Settings } from 'scorm-again';
import type { ScoLaunch, ScormVersion } from '@portal/contracts';
import { PlayerHttpService, type CommitOwner } from './player-http-service';

/** How a SCO's session ended: the content's navigation request, or a plain finish. */
export type ScoEndReason = 'finished' | 'next' | 'previous' | 'exit-all';
export interface ScoEnd {
  reason: ScoEndReason;
  /** The SCO reached a result (completed, passed or failed; a 1.2 SCO that set nothing counts as completed). */
  isDone: boolean;
}

type Api = Scorm12API | Scorm2004API;

/** Where the frame's address carries its seed (the content origin's bridge reads it: services/gateway/src/sco-shell.ts). */
export const SEED_MARKER = '@@portal-scorm=';
type ScormWindow = Window & { API?: Api; API_1484_11?: Api };

export interface ScoRuntime {
  /** Ends a session the content left open (no unload handler, or a tab being closed). */
  finishIfOpen(): void;
  /**
   * What the content origin's SCO shell starts from (at the end of its fragment): the CMI as loaded,
   * the version, the origin its calls must go to, and the package page to open.
   */
  frameSeed(): string;
  /** Stops answering the content frame. */
  detach(): void;
}

/**
 * The content origin's SCO shell for a SCO's address (`{origin}/c/{token}/{href}`): the player
 * frames the shell, which holds the API and frames the package page `href` inside itself, so
 * every page the package reaches finds the same API (services/gateway/src/sco-shell.ts).
 */
export function shellFor(scoUrl: string): { shellUrl: string; href: string } {
  const [, base, href] = /^(.*?\/c\/[^/]+\/)(.*)$/.exec(scoUrl) ?? [];
  if (base === undefined || href === undefined) throw new Error(`Not a content-origin address: ${scoUrl}`);
  return { shellUrl: `${base}__portal/sco.html`, href };
}

const onlyStrings = (flat: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(flat).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/** The _count elements the content may read before the bridge's cache is refreshed. */
function withCounts(flat: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(flat)) if (typeof value === 'string') out[key] = value;
  for (const name of ['objectives', 'interactions']) {
    const ids = Object.keys(out).filter((key) => new RegExp(`^cmi\\.${name}\\.\\d+\\.id$`).test(key));
    out[`cmi.${name}._count`] = String(ids.length);
  }
  return out;
}

const DONE_12 = new Set(['completed', 'passed', 'failed', 'not attempted', '']);

type RuntimeOptions = {
  version: ScormVersion;
  sco: ScoLaunch;
  nextSeq: () => number;
  isPageHiding: () => boolean;
  onEnd: (end: ScoEnd) => void;
  /** Whose commits these are: kept with each one in the device's queue. */
  owner: CommitOwner;
  /** Each numbered commit's CMI (flattened, as a launch gives it): the device copy a reload while offline reopens from. */
  onCommit?: (seq: number, cmi: Record<string, string>) => void;
};

/** The SCO reached a result (completed, passed or failed; a 1.2 SCO that set nothing counts as completed). */
function isScoDone(api: Api): boolean {
  if (api instanceof Scorm12API) return DONE_12.has(api.cmi.core.lesson_status);
  const cmi = api.cmi;
  return cmi.completion_status === 'completed' || cmi.success_status === 'passed' || cmi.success_status === 'failed';
}

/** scorm-again's API for the SCO, its server CMI loaded, every commit numbered and sent through the device's queue. */
function scormApiFor(options: RuntimeOptions): Api {
  const { version, sco } = options;
  const settings: Settings = {
    lmsCommitUrl: sco.commit_url,
    terminateCommitParam: 'final',
    // Content that never calls Commit still reaches the server during the session.
    autocommit: true,
    autocommitSeconds: 10,
    logLevel: 4,
    requestHandler: (commit) => {
      const seq = options.nextSeq();
      options.onCommit?.(seq, onlyStrings(api.getFlattenedCMI() as Record<string, unknown>));
      return { ...(commit as object), seq };
    },
  };
  const http = new PlayerHttpService(settings, options.isPageHiding, options.owner);
  const api: Api = version === '1.2' ? new Scorm12API({ ...settings, mastery_override: true }, http) : new Scorm2004API(settings, http);
  api.loadFromFlattenedJSON(sco.cmi);
  return api;
}

/** Reports the session's end once, with the content's navigation request (if any) and whether it is done. */
function watchScoEnd(api: Api, version: ScormVersion, onEnd: (end: ScoEnd) => void): { markEnded(): void } {
  let nav: ScoEndReason | null = null;
  let isEnded = false;
  const setNav = (reason: ScoEndReason) => () => {
    nav = reason;
  };
  api.on('SequenceNext', setNav('next'));
  api.on('SequencePrevious', setNav('previous'));
  api.on('SequenceExitAll', setNav('exit-all'));
  api.on('SequenceSuspendAll', setNav('exit-all'));
  api.on('SequenceExit', setNav('exit-all'));
  api.on(version === '1.2' ? 'LMSFinish' : 'Terminate', () => {
    if (isEnded) return;
    isEnded = true;
    // Navigation events fire after the finish event: read them on the next tick.
    setTimeout(() => onEnd({ reason: nav ?? 'finished', isDone: isScoDone(api) }), 0);
  });
  return {
    markEnded() {
      isEnded = true;
    },
  };
}

/**
 * One runtime per SCO launch (scorm-again cannot be re-initialised after LMSFinish). Loads the
 * server's CMI before the content calls Initialize, numbers every commit for the server, and
 * reports how the session ended. The content runs on the content origin (issue 13 item 2): it
 * reaches this runtime only through postMessage (scorm-again's CrossFrameLMS, accepting messages
 * from that origin alone), and only this runtime commits, with the attempt's launch token.
 */
export function openScoRuntime(options: RuntimeOptions): ScoRuntime {
  const { version, sco } = options;
  const api = scormApiFor(options);
  const end = watchScoEnd(api, version, options.onEnd);

  const contentOrigin = new URL(sco.url, window.location.href).origin;
  // Content that sets many interactions at once sends hundreds of calls a second.
  const bridge = new CrossFrameLMS(api, contentOrigin, { rateLimit: 2000 });
  // Also on the player's own window, where the content cannot reach it (another origin): the
  // SCORM way to find an API, kept for tools and tests that look at the player page.
  const target = window as ScormWindow;
  if (version === '1.2') target.API = api;
  else target.API_1484_11 = api;

  return {
    finishIfOpen() {
      if (!api.isInitialized() || api.isTerminated()) return;
      end.markEnded();
      // Unfinished: keep the place for next time.
      if (!isScoDone(api)) api.lmsSetValue(api instanceof Scorm12API ? 'cmi.core.exit' : 'cmi.exit', 'suspend');
      api.lmsFinish('');
    },
    frameSeed() {
      return JSON.stringify({
        portalScorm: 2,
        version,
        parentOrigin: window.location.origin,
        href: shellFor(sco.url).href,
        // Names the SCO in the shell's last word, sent when the tab closes (issue 31 item 1).
        sco: sco.identifier,
        cmi: withCounts(api.getFlattenedCMI() as Record<string, unknown>),
      });
    },
    detach() {
      bridge.destroy();
      if (target.API === api) delete target.API;
      if (target.API_1484_11 === api) delete target.API_1484_11;
    },
  };
}
