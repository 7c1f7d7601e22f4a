import { Button, Notice } from '@portal/design-system';
import { SyncStatus } from './sync-status';
import type { LaunchData } from './player-session-state';
import { usePlayerSession, type PlayerSessionOptions } from './use-player-session';

export type { LaunchData } from './player-session-state';

type PlayerSession = ReturnType<typeof usePlayerSession>;

/** Previous, a list of every section (jumps straight there) and Next: one row even on a phone. */
function SectionNav({ session }: { session: PlayerSession }) {
  const { shownLaunch, index, isBusy, goTo, leave } = session;
  const scos = shownLaunch.scos;
  const current = scos[index];
  if (!current) throw new Error(`The launch has no SCO ${index + 1} (it has ${scos.length}).`);
  const isLast = index === scos.length - 1;
  return (
    <nav className="player__nav" aria-label="Course sections">
      <Button variant="secondary" size="sm" className="player__step" onClick={() => void goTo(index - 1)} disabled={index === 0 || isBusy}>
        <span className="player__arrow" aria-hidden="true">
          ‹
        </span>
        <span className="player__step-label">Previous</span>
      </Button>
      <label className="player__section">
        <span className="ds-visually-hidden">Section</span>
        <select
          className="player__select"
          value={index}
          onChange={(event) => void goTo(Number(event.target.value))}
          disabled={isBusy}
          data-testid="sco-select"
        >
          {scos.map((sco, at) => (
            <option key={at} value={at}>
              {at + 1}. {sco.title}
            </option>
          ))}
        </select>
      </label>
      <span className="player__count" data-testid="sco-position" aria-live="polite">
        <span className="ds-visually-hidden">{current.title} </span>({index + 1} of {scos.length})
      </span>
      {isLast ? (
        <Button size="sm" className="player__step" onClick={() => void leave()} disabled={isBusy}>
          Finish course
        </Button>
      ) : (
        <Button size="sm" className="player__step" onClick={() => void goTo(index + 1)} disabled={isBusy}>
          <span className="player__step-label">Next</span>
          <span className="player__arrow" aria-hidden="true">
            ›
          </span>
        </Button>
      )}
    </nav>
  );
}

/** The notices above the course: continued elsewhere, finishing offline, a save the server refused. */
function PlayerNotices({ session }: { session: PlayerSession }) {
  const { isSuperseded, isFinishingOffline, saveError, dismissSaveError } = session;
  return (
    <>
      {isSuperseded ? (
        <Notice tone="warning">
          <span data-testid="player-superseded">This course was continued somewhere else.</span>{' '}
          <Button size="sm" onClick={() => window.location.reload()}>
            Load the latest progress
          </Button>
        </Notice>
      ) : null}
      {isFinishingOffline ? (
        <Notice tone="info">
          <span data-testid="player-finishing-offline">
            You have finished. Your result is saved on this device and will be sent when you are back online.
          </span>
        </Notice>
      ) : null}
      {saveError ? (
        <Notice tone="error" onDismiss={dismissSaveError}>
          <span data-testid="player-save-error">{saveError}</span>
        </Notice>
      ) : null}
    </>
  );
}

/**
 * The package full-screen in a frame on the content origin (another origin than the portal's: its
 * script cannot reach this page, its cookies or the API), one scorm-again runtime per SCO launch,
 * bridged to the frame by postMessage (the session: use-player-session.ts).
 * Multi-SCO courses get Previous / Next (the LMS provides the navigation); finishing the last
 * SCO, or the content's exit, goes to the course's finish URL.
 */
export function ScormPlayer(options: PlayerSessionOptions & { initial: LaunchData }) {
  const session = usePlayerSession(options);
  const { shownLaunch, index, isBusy, isSuperseded, scoFrame, frameRef, queue, rewatch } = session;
  return (
    <div className="player" data-testid="scorm-player" data-sco-index={index}>
      <div className="player__bar">
        {/* The status under the title on a wide screen; on a phone a full row of its own (player.css). */}
        <div className="player__heading">
          <h1 className="player__title">{shownLaunch.course.name}</h1>
          <SyncStatus queue={queue} />
        </div>
        {shownLaunch.scos.length > 1 ? <SectionNav session={session} /> : null}
        <Button variant="ghost" size="sm" onClick={() => void rewatch()} disabled={isBusy || isSuperseded} data-testid="rewatch-course">
          Re-watch Course
        </Button>
      </div>
      <PlayerNotices session={session} />
      <iframe
        key={scoFrame?.key ?? 0}
        ref={frameRef}
        src={scoFrame?.src}
        className="player__frame"
        title={`Course: ${shownLaunch.course.name}`}
        data-testid="course-frame"
        allow="fullscreen"
        // Its own origin stays its own (the content origin); no navigating the portal's page away,
        // from the frame or from a popup it opens (popups keep this sandbox: they reach the API through opener).
        sandbox="allow-scripts allow-same-origin allow-forms allow-modals allow-popups allow-downloads"
      />
    </div>
  );
}
