export { Button, ButtonLink } from './button';
export type { ButtonProps, ButtonLinkProps, ButtonVariant, ButtonSize } from './button';
