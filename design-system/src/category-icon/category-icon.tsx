import type { ReactNode } from 'react';
import { IconSvg } from '../icon/icon';

export interface CategoryIconProps {
  /** Which drawing; the catalogue decides which category shows which. */
  icon: CategoryIconName;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
  /** Pixels; defaults to 24. */
  size?: number;
}

/** 24×24 stroke drawings (currentColor) for course categories. */
const CATEGORY_ICONS = {
  // Fire safety: flame
  flame: <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.2 1-3.6 2-4.5.2 1.6 1 2.5 2 2.5 0-3 0-5 1-8z" />,
  // First aid: cross in a kit
  'first-aid': (
    <>
      <rect x="3" y="6" width="18" height="14" rx="2" />
      <path d="M9 6V4h6v2M12 10v6M9 13h6" />
    </>
  ),
  // Working at height: ladder
  ladder: <path d="M8 3l-2 18M16 3l2 18M7.6 7h8.8M7.1 11.5h9.8M6.6 16h10.8" />,
  // Manual handling: box with lift arrow
  lift: (
    <>
      <path d="M4 11h16v9H4zM4 11l2-3h12l2 3M10 14h4" />
      <path d="M12 2v4M10 4l2-2 2 2" />
    </>
  ),
  // Electrical safety: lightning bolt
  bolt: <path d="M13 2L5 13h6l-1 9 8-11h-6z" />,
  // COSHH / hazardous substances: hazard diamond with flask
  flask: (
    <>
      <path d="M12 2l10 10-10 10L2 12z" />
      <path d="M10.5 7.5v3L8 15h8l-2.5-4.5v-3M9.8 7.5h4.4" />
    </>
  ),
  // Food hygiene: knife and fork
  cutlery: <path d="M7 3v7a2 2 0 0 0 2 2v9M11 3v7a2 2 0 0 1-2 2M9 3v6M17 21V3c-2 1.5-3 4-3 7v3h3" />,
  // Asbestos: respirator mask
  mask: (
    <>
      <path d="M5 9c0-3 3-5 7-5s7 2 7 5v3c0 4-3 7-7 7s-7-3-7-7z" />
      <circle cx="8.5" cy="13" r="2" />
      <circle cx="15.5" cy="13" r="2" />
      <path d="M12 15v4M3 9h2M19 9h2" />
    </>
  ),
  // Noise at work: ear with sound waves
  ear: (
    <>
      <path d="M6 10a5 5 0 0 1 10 0c0 3-3 3.5-3 6.5a2.5 2.5 0 0 1-5 0" />
      <path d="M9.5 10a1.5 1.5 0 0 1 3 0c0 1-1 1.5-1 2.5" />
      <path d="M19 7a6 6 0 0 1 0 6M21.5 5a9 9 0 0 1 0 10" />
    </>
  ),
  // PPE: hard hat
  'hard-hat': <path d="M3 17h18M4 17v-2a8 8 0 0 1 16 0v2M10 7.2V5h4v2.2M9 8l1 5M15 8l-1 5" />,
  // Driving at work: steering wheel
  wheel: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="2" />
      <path d="M3.5 10.5c3 1 5.5 1.5 6.6 1.2M20.5 10.5c-3 1-5.5 1.5-6.6 1.2M12 14v7" />
    </>
  ),
  // Construction: traffic cone
  cone: <path d="M4 21h16M6 21l5-17h2l5 17M8.3 13h7.4M9.5 8.5h5" />,
  // Mental health: head with heart
  mind: (
    <>
      <path d="M15 21v-3h2a2 2 0 0 0 2-2v-2l1.5-.5L19 10a7 7 0 1 0-11 5.7V21" />
      <path d="M12 13.5l-2.3-2.3a1.4 1.4 0 0 1 2.3-1.6 1.4 1.4 0 0 1 2.3 1.6z" />
    </>
  ),
  // Infection control: virus
  virus: (
    <>
      <circle cx="12" cy="12" r="5" />
      <path d="M12 2v5M12 17v5M2 12h5M17 12h5M4.9 4.9l3.6 3.6M15.5 15.5l3.6 3.6M4.9 19.1l3.6-3.6M15.5 8.5l3.6-3.6" />
      <circle cx="10.5" cy="11" r=".6" />
      <circle cx="13.5" cy="13" r=".6" />
    </>
  ),
  // General health and safety: shield with a tick
  shield: (
    <>
      <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type CategoryIconName = keyof typeof CATEGORY_ICONS;

/** Every drawing's name, the general one (shield) last. */
export const CATEGORY_ICON_NAMES = Object.keys(CATEGORY_ICONS) as CategoryIconName[];

export function CategoryIcon({ icon, title, size = 24 }: CategoryIconProps) {
  return (
    <IconSvg size={size} strokeWidth={1.75} className="ds-category-icon" data-icon={icon} {...(title ? { label: title } : {})}>
      {CATEGORY_ICONS[icon]}
    </IconSvg>
  );
}
