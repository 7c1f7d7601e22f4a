import { useId } from 'react';
import { classNames } from '../class-names';

export interface ProgressBarProps {
  /** 0–100; clamped, and rounded for display. */
  value: number;
  label: string;
}

export function ProgressBar({ value, label }: ProgressBarProps) {
  const labelId = useId();
  const percent = Number.isFinite(value) ? Math.round(Math.min(100, Math.max(0, value))) : 0;
  return (
    <div className={classNames('ds-progress', percent === 100 && 'ds-progress--complete')}>
      <div className="ds-progress__header">
        <span id={labelId}>{label}</span>
        <span className="ds-progress__value" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        className="ds-progress__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="ds-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
