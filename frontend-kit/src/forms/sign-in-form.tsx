import type { FormEventHandler, ReactNode } from 'react';
import { Button, Notice, type NoticeTone } from '@portal/design-system';

/** The one message a sign-in form shows above its fields. */
export interface FormNotice {
  tone: NoticeTone;
  title?: string;
  text: ReactNode;
  /** False for a message that stays (a sent link); others can be dismissed. */
  canDismiss?: boolean;
}

export interface SignInFormProps {
  /** The form's accessible name. */
  label?: string;
  /** The layout class of the page the form sits on. */
  className: string;
  /** A line or two before the message and the fields. */
  intro?: ReactNode;
  notice: FormNotice | null;
  onDismissNotice: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isSubmitting: boolean;
  isSubmitDisabled?: boolean;
  submitClassName?: string;
  /** The fields; anything between them and the button (a "forgot your password?" link) too. */
  children: ReactNode;
}

/**
 * The skeleton every sign-in form shares (password, code, link, reset, the learner's own sign-in
 * details): intro, one message, the fields, one submit button. The form owns its values and submit.
 */
export function SignInForm({
  label,
  className,
  intro,
  notice,
  onDismissNotice,
  onSubmit,
  submitLabel,
  isSubmitting,
  isSubmitDisabled,
  submitClassName,
  children,
}: SignInFormProps) {
  return (
    <form className={className} onSubmit={onSubmit} noValidate aria-label={label}>
      {intro}
      {notice ? (
        <Notice tone={notice.tone} title={notice.title} onDismiss={notice.canDismiss === false ? undefined : onDismissNotice}>
          {notice.text}
        </Notice>
      ) : null}
      {children}
      <div>
        <Button type="submit" loading={isSubmitting} disabled={isSubmitDisabled} className={submitClassName}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
