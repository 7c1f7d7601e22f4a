import type { ReactNode, SVGProps } from 'react';
import { ICON_PATHS, type IconName } from './icon-paths';

export interface IconSvgProps extends Omit<SVGProps<SVGSVGElement>, 'ref' | 'children' | 'width' | 'height'> {
  /** Pixels, width and height; defaults to 24. */
  size?: number;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  label?: string;
  children?: ReactNode;
}

/** The frame every hand-drawn icon shares: a 24 × 24 stroked drawing in currentColor, decorative unless labelled. */
export function IconSvg({ size = 24, label, className, strokeWidth = 2, children, ...rest }: IconSvgProps) {
  const accessibility = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      className={className ? `ds-icon ${className}` : 'ds-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...accessibility}
      {...rest}
    >
      {children}
    </svg>
  );
}

export interface IconProps extends Omit<IconSvgProps, 'children'> {
  name: IconName;
}

/** One of the portal's icons by name (ICON_PATHS). */
export function Icon({ name, ...props }: IconProps) {
  return <IconSvg {...props}>{ICON_PATHS[name]}</IconSvg>;
}
