import { forwardRef, useState, type ChangeEvent, type DragEvent, type InputHTMLAttributes } from 'react';
import { classNames } from '../class-names';
import './file-input.css';
import { Icon } from '../icon/icon';

export interface FileInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'onChange' | 'value' | 'defaultValue' | 'multiple'
> {
  /** Called with the chosen (or dropped) file; undefined when the choice is cleared. */
  onFileChange: (file: File | undefined) => void;
  /** The text of the button part. */
  buttonLabel?: string;
  /** Shown while no file is chosen, e.g. the current file of a saved record. */
  placeholder?: string;
  /** Marks the field invalid (aria-invalid and a red border), as TextInput's `invalid`. */
  invalid?: boolean;
}

/**
 * A file picker that looks like the other inputs and says which file is chosen. The native input
 * lies over the whole box (transparent), so a click, the keyboard and a dropped file all reach it
 * and screen readers get the browser's own file control, named by the field's <label for>.
 */
export const FileInput = forwardRef<HTMLInputElement, FileInputProps>(function FileInput(
  { onFileChange, buttonLabel = 'Choose file', placeholder = 'No file chosen', invalid = false, className, disabled, ...inputProps },
  ref,
) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [isDragging, setDragging] = useState(false);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFileName(file?.name ?? null);
    onFileChange(file);
  }

  const dragState = (dragging: boolean) => (event: DragEvent) => {
    if (disabled) return;
    event.stopPropagation();
    setDragging(dragging);
  };

  return (
    <div
      className={classNames(
        'ds-file-input',
        isDragging && 'ds-file-input--dragging',
        invalid && 'ds-file-input--error',
        disabled && 'ds-file-input--disabled',
        className,
      )}
      onDragEnter={dragState(true)}
      onDragLeave={dragState(false)}
      onDrop={dragState(false)}
    >
      <input
        ref={ref}
        type="file"
        className="ds-file-input__native"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={choose}
        {...inputProps}
      />
      <span className="ds-file-input__button" aria-hidden="true">
        <Icon name="upload" size={16} />
        {buttonLabel}
      </span>
      <span
        className={classNames('ds-file-input__name', !fileName && 'ds-file-input__name--empty')}
        data-testid="file-input-name"
        aria-hidden="true"
      >
        {fileName ?? placeholder}
      </span>
      <span className="ds-file-input__hint" aria-hidden="true">
        or drop it here
      </span>
    </div>
  );
});
