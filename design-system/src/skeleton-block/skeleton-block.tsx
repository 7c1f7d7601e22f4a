import type { CSSProperties } from 'react';

export interface SkeletonBlockProps {
  /** CSS length or pixels; defaults to the full width. */
  width?: string | number;
  /** CSS length or pixels; defaults to one line of text. */
  height?: string | number;
  /** Rounds the block into a circle (avatars, icons). */
  circle?: boolean;
}

/** A decorative placeholder; pair it with aria-busy or a Spinner so the wait is announced. */
export function SkeletonBlock({ width = '100%', height = '1em', circle = false }: SkeletonBlockProps) {
  const style: CSSProperties = { width, height, borderRadius: circle ? '50%' : undefined };
  return <span className="ds-skeleton" style={style} aria-hidden="true" />;
}
