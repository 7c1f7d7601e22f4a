import { WIZARD_STEPS } from '@portal/contracts';
import { WIZARD_STEP_NUMBERS, type WizardStep } from '../wizard-state';

/** The wizard's three steps (spec §4); a step is a button only when it may be opened. */
export function WizardSteps({
  current,
  canOpen,
  onOpen,
}: {
  current: WizardStep;
  canOpen: (step: WizardStep) => boolean;
  onOpen: (step: WizardStep) => void;
}) {
  return (
    <nav aria-label="Enrolment steps">
      <ol className="enrol-steps">
        {WIZARD_STEP_NUMBERS.map((step) => {
          const isCurrent = step === current;
          const isDone = step < current;
          return (
            <li key={step} className="enrol-steps__step" data-state={isCurrent ? 'current' : isDone ? 'done' : 'todo'}>
              <button
                type="button"
                className="enrol-steps__button"
                aria-current={isCurrent ? 'step' : undefined}
                disabled={!isCurrent && !canOpen(step)}
                onClick={() => onOpen(step)}
              >
                <span className="enrol-steps__number" aria-hidden="true">
                  {step}
                </span>
                <span className="enrol-steps__label">
                  <span className="ds-visually-hidden">Step {step}: </span>
                  {WIZARD_STEPS[step - 1]}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
