import type { ReactNode } from 'react';
import { classNames } from '../class-names';

export type StackGap = 'sm' | 'md' | 'lg';

export interface StackProps {
  gap?: StackGap;
  direction?: 'row' | 'column';
  wrap?: boolean;
  children: ReactNode;
}

export function Stack({ gap = 'md', direction = 'column', wrap = false, children }: StackProps) {
  return (
    <div className={classNames('ds-stack', `ds-stack--${direction}`, `ds-stack--gap-${gap}`, wrap && 'ds-stack--wrap')}>{children}</div>
  );
}
