import type { FormEventHandler, ReactNode } from 'react';
import { Button, Card, Notice } from '@portal/design-system';
import type { FormNotice } from '../forms/sign-in-form';
import './form-card.css';

export interface FormCardProps {
  /** The card's heading; none for a card that sits under the page's own. */
  title?: string;
  /** The form's accessible name. */
  label: string;
  /** The form's id (a button outside it can submit it). */
  id?: string;
  /** The notice and the buttons each take a whole row of the form's grid. */
  notice: FormNotice | null;
  /** Left out, the notice cannot be dismissed. */
  onDismissNotice?: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isSubmitting: boolean;
  /** Buttons after the submit one (Cancel). */
  actions?: ReactNode;
  /** Just the form, for one that sits in a modal. */
  isBare?: boolean;
  /** The fields. */
  children: ReactNode;
}

/**
 * A form in a card: the server's answer in one notice above the fields, the fields (BoundField,
 * with the server's errors under them: useServerSubmit), then the submit button with its busy state.
 */
export function FormCard({
  title,
  label,
  id,
  notice,
  onDismissNotice,
  onSubmit,
  submitLabel,
  isSubmitting,
  actions,
  isBare,
  children,
}: FormCardProps) {
  const form = (
    <form className="kit-form-card" onSubmit={onSubmit} noValidate aria-label={label} id={id}>
      {notice ? (
        <div className="kit-form-card__row">
          <Notice tone={notice.tone} title={notice.title} onDismiss={notice.canDismiss === false ? undefined : onDismissNotice}>
            {notice.text}
          </Notice>
        </div>
      ) : null}
      {children}
      <div className="kit-form-card__row">
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
  return isBare ? form : <Card {...(title ? { title } : {})}>{form}</Card>;
}
