import type { ReactNode } from 'react';
import { get, type FieldValues, type Path, type RegisterOptions, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { FormField, TextInput, type TextInputProps } from '@portal/design-system';

/** The two parts of a `useForm()` result a bound field needs; pass the whole result. */
export type BindableForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'formState'>;

/** What a custom control receives: the registration and the field's id. */
export type BoundControlProps<T extends FieldValues> = UseFormRegisterReturn<Path<T>> & { id: string };

export interface BoundFieldProps<T extends FieldValues> extends Omit<TextInputProps, 'form' | 'name' | 'id' | 'children'> {
  form: BindableForm<T>;
  name: Path<T>;
  label: string;
  id: string;
  hint?: string;
  /** Passed to `register` (valueAsNumber and the like). */
  registerOptions?: RegisterOptions<T, Path<T>>;
  /** Another control than a text input (a select, a textarea); it gets the registration and the id. */
  children?: (control: BoundControlProps<T>) => ReactNode;
}

/**
 * A react-hook-form field: the label and hint, the control registered under `name`, and the
 * field's error (the schema's or the server's) under it. Without children the control is a text input.
 */
export function BoundField<T extends FieldValues>({
  form,
  name,
  label,
  id,
  hint,
  registerOptions,
  children,
  ...inputProps
}: BoundFieldProps<T>) {
  const fieldError = get(form.formState.errors, name) as { message?: string } | undefined;
  const registration = form.register(name, registerOptions);
  return (
    <FormField label={label} htmlFor={id} error={fieldError?.message} hint={hint}>
      {children ? children({ ...registration, id }) : <TextInput id={id} invalid={Boolean(fieldError)} {...inputProps} {...registration} />}
    </FormField>
  );
}
