import { Children, cloneElement, isValidElement, type ReactNode } from 'react';

export interface FormFieldProps {
  label: string;
  /** The id of the control; the label points at it and the hint/error ids derive from it. */
  htmlFor: string;
  /** Server validation errors for the field; an array renders one line per message. */
  error?: string | string[];
  hint?: string;
  children: ReactNode;
}

interface DescribableProps {
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

/**
 * Label, hint, control and errors. The single child control gets aria-describedby (hint and error)
 * and aria-invalid when there is an error, so any input, select or textarea works.
 */
export function FormField({ label, htmlFor, error, hint, children }: FormFieldProps) {
  const errors = (Array.isArray(error) ? error : [error]).filter((message): message is string => Boolean(message));
  const hintId = hint ? `${htmlFor}-hint` : undefined;
  const errorId = errors.length > 0 ? `${htmlFor}-error` : undefined;

  const onlyChild = Children.count(children) === 1 && isValidElement<DescribableProps>(children) ? children : null;
  const control = onlyChild
    ? cloneElement(onlyChild, {
        'aria-describedby': [onlyChild.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined,
        'aria-invalid': errorId ? true : onlyChild.props['aria-invalid'],
      })
    : children;

  return (
    <div className="ds-field">
      <label className="ds-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="ds-field__hint">
          {hint}
        </p>
      )}
      {control}
      {errorId && (
        <div id={errorId} className="ds-field__error" role="alert">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}
