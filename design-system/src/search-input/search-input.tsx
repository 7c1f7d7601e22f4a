import { useId, type CSSProperties } from 'react';
import { classNames } from '../class-names';
import { Icon } from '../icon/icon';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  /** Keeps the label for screen readers but hides it visually (e.g. in a toolbar). */
  hideLabel?: boolean;
  id?: string;
}

export function SearchInput({ value, onChange, label, placeholder, hideLabel = false, id }: SearchInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // The box is never narrower than its placeholder (while the row has room): a cut-off hint helps nobody.
  const style = placeholder ? ({ '--ds-search-placeholder': `${placeholder.length}ch` } as CSSProperties) : undefined;
  return (
    <div className="ds-search" style={style}>
      <label htmlFor={inputId} className={classNames('ds-field__label', hideLabel && 'ds-visually-hidden')}>
        {label}
      </label>
      <div className="ds-search__control">
        <Icon name="search" size={18} className="ds-search__icon" />
        <input
          id={inputId}
          className="ds-input"
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
