import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { BoundField, type BindableForm } from '@portal/frontend-kit/forms';
import { isBalanceChanged } from './credit-reason';

/** The fields a company and a depot share: who it is, its manager and its credits. */
interface CreditHolderValues extends FieldValues {
  name?: unknown;
  email?: unknown;
  manager_name?: unknown;
  manager_email?: unknown;
  credit_balance?: unknown;
  credit_reason?: unknown;
}

export const CREDIT_HOLDER_FIELDS = ['name', 'email', 'manager_name', 'manager_email', 'credit_balance', 'credit_reason'] as const;

/**
 * A company's or a depot's details: name, email, manager and credit balance, and the reason box
 * once the balance differs from the saved one (it becomes the ledger's adjustment row).
 */
export function CreditHolderFields<T extends CreditHolderValues>({
  form,
  idPrefix,
  nameLabel,
  emailLabel,
  savedBalance,
  reasonHint,
}: {
  form: BindableForm<T> & { control: Control<T> };
  idPrefix: string;
  nameLabel: string;
  emailLabel: string;
  savedBalance: number;
  reasonHint: string;
}) {
  // The names are the shared ones above; a generic `T` cannot prove them its paths.
  const path = (name: (typeof CREDIT_HOLDER_FIELDS)[number]) => name as Path<T>;
  const needsReason = isBalanceChanged(useWatch({ control: form.control, name: path('credit_balance') }), savedBalance);
  return (
    <>
      <BoundField form={form} name={path('name')} id={`${idPrefix}-name`} label={nameLabel} />
      <BoundField form={form} name={path('email')} id={`${idPrefix}-email`} label={emailLabel} type="email" />
      <BoundField form={form} name={path('manager_name')} id={`${idPrefix}-manager-name`} label="Manager name" />
      <BoundField form={form} name={path('manager_email')} id={`${idPrefix}-manager-email`} label="Manager email" type="email" />
      <BoundField form={form} name={path('credit_balance')} id={`${idPrefix}-credits`} label="Credit balance" type="number" min={0} />
      {needsReason ? (
        <BoundField
          form={form}
          name={path('credit_reason')}
          id={`${idPrefix}-credit-reason`}
          label="Reason for the change"
          hint={reasonHint}
        />
      ) : null}
    </>
  );
}
