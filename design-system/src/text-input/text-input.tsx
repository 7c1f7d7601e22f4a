import { forwardRef, type InputHTMLAttributes } from 'react';
import { classNames } from '../class-names';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Sets aria-invalid and the error styling. */
  invalid?: boolean;
}

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { invalid, className, type = 'text', ...inputProps },
  ref,
) {
  return (
    <input
      ref={ref}
      type={type}
      {...inputProps}
      className={classNames('ds-input', className)}
      aria-invalid={invalid ? true : inputProps['aria-invalid']}
    />
  );
});
