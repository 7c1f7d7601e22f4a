import { useId } from 'react';

export interface CompanyChoice {
  id: number;
  name: string;
}

/**
 * A manager with depots chooses which company or depot new employees belong to. Existing employees
 * keep their own company or depot, which pays for them (issue 32 item 2): the hint says so.
 */
export function CompanyChooser({
  choices,
  value,
  onChange,
}: {
  choices: readonly CompanyChoice[];
  value: number;
  onChange: (id: number) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  if (choices.length < 2) return null;
  return (
    <div className="ds-field enrol-company-chooser">
      <label className="ds-field__label" htmlFor={id}>
        Learners belong to
      </label>
      <select
        id={id}
        className="ds-input"
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {choices.map((choice, index) => (
          <option key={choice.id} value={choice.id}>
            {index === 0 ? choice.name : `${choice.name} (depot)`}
          </option>
        ))}
      </select>
      <p id={hintId} className="ds-field__hint">
        New employees join this company. Employees you pick stay in their own company or depot, and it pays for them.
      </p>
    </div>
  );
}
