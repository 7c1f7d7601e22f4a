import { useRef, type ChangeEvent } from 'react';
import { Button } from '@portal/design-system';

interface FileChooserProps {
  accept: string;
  /** The file input's class: it is hidden, the button opens it. */
  inputClassName: string;
  inputLabel: string;
  buttonLabel: string;
  isUploading: boolean;
  onFile: (file: File) => void;
}

/**
 * A button that opens the file picker and hands over the chosen file. The input is emptied each
 * time, so choosing the same file again is a new choice.
 */
export function FileChooser({ accept, inputClassName, inputLabel, buttonLabel, isUploading, onFile }: FileChooserProps) {
  const input = useRef<HTMLInputElement>(null);
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  }
  return (
    <>
      <input ref={input} type="file" accept={accept} className={inputClassName} aria-label={inputLabel} onChange={onChange} />
      <div>
        <Button type="button" variant="secondary" loading={isUploading} onClick={() => input.current?.click()}>
          {buttonLabel}
        </Button>
      </div>
    </>
  );
}
