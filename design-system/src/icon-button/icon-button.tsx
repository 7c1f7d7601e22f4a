import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Button, ButtonLink, type ButtonVariant } from '../button';
import { classNames } from '../class-names';
import { ActionIcon, type ActionIconName } from './action-icon';

interface IconButtonLookProps {
  icon: ActionIconName;
  /** The action's words: the tooltip, and the start of the accessible name (and the visible label in a stacked table row). */
  label: string;
  /** More words for screen readers only, e.g. whose row it is ("Lee Carter, Fire Safety"). */
  detail?: ReactNode;
  variant?: Exclude<ButtonVariant, 'danger'>;
}

export interface IconButtonProps extends IconButtonLookProps, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  loading?: boolean;
}

export interface IconLinkProps extends IconButtonLookProps, Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'> {
  href: string;
}

function Content({ icon, label, detail }: Pick<IconButtonLookProps, 'icon' | 'label' | 'detail'>) {
  return (
    <>
      <ActionIcon name={icon} />
      <span className="ds-icon-button__label">
        {label}
        {detail ? <span className="ds-visually-hidden"> {detail}</span> : null}
      </span>
    </>
  );
}

/**
 * A compact square button that shows an icon and names itself: its label is its tooltip (on hover
 * and keyboard focus) and its accessible name, and a stacked (phone) table row shows it beside the
 * icon. For rows of actions where worded buttons would not fit (the /reporting table).
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, detail, variant = 'secondary', className, ...buttonProps },
  ref,
) {
  return (
    <Button ref={ref} {...buttonProps} variant={variant} size="sm" className={classNames('ds-icon-button', className)} data-tooltip={label}>
      <Content icon={icon} label={label} detail={detail} />
    </Button>
  );
});

/** IconButton as a link (an address to open, such as a certificate PDF). */
export const IconLink = forwardRef<HTMLAnchorElement, IconLinkProps>(function IconLink(
  { icon, label, detail, variant = 'secondary', className, ...anchorProps },
  ref,
) {
  return (
    <ButtonLink
      ref={ref}
      {...anchorProps}
      variant={variant}
      size="sm"
      className={classNames('ds-icon-button', className)}
      data-tooltip={label}
    >
      <Content icon={icon} label={label} detail={detail} />
    </ButtonLink>
  );
});
