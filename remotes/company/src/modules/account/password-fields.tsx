import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { accountLoginBodySchema } from '@portal/contracts/schemas';
import { BoundField } from '@portal/frontend-kit/forms';

type Values = z.input<typeof accountLoginBodySchema>;

/** A new password, and the current one that changing the email or password needs. */
export function PasswordFields({ form }: { form: UseFormReturn<Values, unknown, z.output<typeof accountLoginBodySchema>> }) {
  return (
    <>
      <BoundField
        form={form}
        name="password"
        id="account-password"
        label="New password"
        hint="Leave blank to keep your current password."
        type="password"
        autoComplete="new-password"
      />
      <BoundField
        form={form}
        name="current_password"
        id="account-current-password"
        label="Current password"
        hint="Needed to change your email address or password."
        type="password"
        autoComplete="current-password"
      />
    </>
  );
}
