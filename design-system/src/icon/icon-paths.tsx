import type { ReactElement } from 'react';

/** A notice's mark inside its ring. */
const ringed = (mark: string) => (
  <>
    <circle cx="12" cy="12" r="9.5" />
    <path d={mark} />
  </>
);

/**
 * The design system's icons, by name: 24 × 24 strokes in currentColor. An icon only one page
 * shows (the mimic banner's eye, the verify result's marks) draws its paths in an IconSvg there,
 * so the shared bundle every page loads does not carry it. Drawings that are not icons (charts,
 * the brand mark, the star rating) stay where they are; the category pictures are their own set.
 */
export const ICON_PATHS = {
  // Row actions (the icon buttons).
  edit: (
    <>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </>
  ),
  remind: (
    <>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </>
  ),
  certificate: (
    <>
      <circle cx="12" cy="8" r="6" />
      <path d="M15.48 12.89 17 22l-5-3-5 3 1.52-9.11" />
    </>
  ),
  history: (
    <>
      <path d="M3 3v5h5" />
      <path d="M3.05 13A9 9 0 1 0 6 5.3L3 8" />
      <path d="M12 7v5l4 2" />
    </>
  ),
  renew: (
    <>
      <path d="M21 12a9 9 0 0 1-15 6.7L3 16" />
      <path d="M3 12a9 9 0 0 1 15-6.7L21 8" />
      <path d="M21 3v5h-5" />
      <path d="M3 21v-5h5" />
    </>
  ),
  answers: (
    <>
      <path d="M10 6h11" />
      <path d="M10 12h11" />
      <path d="M10 18h11" />
      <path d="m3 6 1.5 1.5L7 5" />
      <path d="m3 12 1.5 1.5L7 11" />
      <path d="m3 18 1.5 1.5L7 17" />
    </>
  ),
  code: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M7 10h2M11 10h2M15 10h2M7 14h10" />
    </>
  ),
  // A notice's tone.
  info: ringed('M12 8h.01M11 12h1v5h1'),
  success: ringed('M8 12.5l2.5 2.5L16 9.5'),
  warning: ringed('M12 8v5M12 16.5h.01'),
  error: ringed('M9 9l6 6M15 9l-6 6'),
  close: <path d="M6 6l12 12M18 6L6 18" />,
  'arrow-right': <path d="M5 12h14M13 6l6 6-6 6" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </>
  ),
  upload: <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />,
  'empty-tray': (
    <>
      <path d="M3 7l2-4h14l2 4" />
      <path d="M3 7h18v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
      <path d="M9 11h6" />
    </>
  ),
  'sort-ascending': <path d="M6 15l6-6 6 6" />,
  'sort-descending': <path d="M6 9l6 6 6-6" />,
  'sort-none': <path d="M8 10l4-4 4 4M8 14l4 4 4-4" />,
  /** Gear with a person: marks the admin menu item. */
  admin: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.5-3.5 3.2-6 6.5-6 1.3 0 2.5.4 3.5 1" />
      <circle cx="18" cy="17" r="2" />
      <path d="M18 12.5v1.5M18 20v1.5M13.5 17H15M21 17h1.5M14.8 13.8l1 1M20.2 19.2l1 1M14.8 20.2l1-1M20.2 14.8l1-1" />
    </>
  ),
} satisfies Record<string, ReactElement>;

export type IconName = keyof typeof ICON_PATHS;
export const ICON_NAMES = Object.keys(ICON_PATHS) as IconName[];
