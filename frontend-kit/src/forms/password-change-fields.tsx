import type { FieldValues, Path } from 'react-hook-form';
import { BoundField, type BindableForm } from './bound-field';

/** The names a password change uses in every account form (contracts' account schemas). */
type PasswordFieldName = 'password' | 'password_confirmation' | 'current_password';

export interface PasswordChangeFieldsProps<T extends FieldValues> {
  form: BindableForm<T>;
  /** Asks for the new password twice. */
  hasConfirmation?: boolean;
  /** What the current password is needed for. */
  currentPasswordHint: string;
}

/**
 * A new password (blank keeps the current one), its confirmation when asked, and the current
 * password that proves the change: the account forms of the learner and the company manager.
 */
export function PasswordChangeFields<T extends FieldValues>({
  form,
  hasConfirmation = false,
  currentPasswordHint,
}: PasswordChangeFieldsProps<T>) {
  // The names are the account schemas' own; a generic `T` cannot prove them its paths.
  const path = (name: PasswordFieldName) => name as Path<T>;
  return (
    <>
      <BoundField
        form={form}
        name={path('password')}
        id="account-password"
        label="New password"
        hint="Leave blank to keep your current password."
        type="password"
        autoComplete="new-password"
      />
      {hasConfirmation ? (
        <BoundField
          form={form}
          name={path('password_confirmation')}
          id="account-password-confirmation"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
      ) : null}
      <BoundField
        form={form}
        name={path('current_password')}
        id="account-current-password"
        label="Current password"
        hint={currentPasswordHint}
        type="password"
        autoComplete="current-password"
      />
    </>
  );
}
