import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import { classNames } from '../class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export interface ButtonProps extends ButtonLookProps, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Disables the button, shows a spinner and sets aria-busy; the label stays for screen readers. */
  loading?: boolean;
}

export interface ButtonLinkProps extends ButtonLookProps, AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

function buttonClassName({ variant = 'primary', size = 'md' }: ButtonLookProps, extra?: string): string {
  return classNames('ds-button', `ds-button--${variant}`, `ds-button--${size}`, extra);
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, loading = false, disabled, className, children, ...buttonProps },
  ref,
) {
  return (
    <button
      ref={ref}
      {...buttonProps}
      className={buttonClassName({ variant, size }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="ds-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
});

export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, size, className, children, ...anchorProps },
  ref,
) {
  return (
    <a ref={ref} {...anchorProps} className={buttonClassName({ variant, size }, className)}>
      {children}
    </a>
  );
});
