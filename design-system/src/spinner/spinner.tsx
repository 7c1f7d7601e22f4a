export interface SpinnerProps {
  /** Announced to screen readers; visually hidden. */
  label?: string;
}

export function Spinner({ label = 'Loading…' }: SpinnerProps) {
  return (
    <span role="status" className="ds-spinner">
      <span className="ds-spinner__circle" aria-hidden="true" />
      <span className="ds-visually-hidden">{label}</span>
    </span>
  );
}
