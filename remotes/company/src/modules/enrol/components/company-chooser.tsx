import { useId } from 'react';

export interface CompanyChoice {
  id: number;
  name: string;
}

/** A manager with depots chooses which company or depot the learners belong to (and whose credits pay). */
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
  if (choices.length < 2) return null;
  return (
    <div className="ds-field enrol-company-chooser">
      <label className="ds-field__label" htmlFor={id}>
        Learners belong to
      </label>
      <select id={id} className="ds-input" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {choices.map((choice, index) => (
          <option key={choice.id} value={choice.id}>
            {index === 0 ? choice.name : `${choice.name} (depot)`}
          </option>
        ))}
      </select>
    </div>
  );
}
