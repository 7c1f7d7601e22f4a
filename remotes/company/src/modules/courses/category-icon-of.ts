import type { CategoryIconName } from '@portal/design-system';

/** The catalogue's categories with their own drawing (spec §9); every other category shows the shield. */
const ICON_OF_CATEGORY: Record<number, CategoryIconName> = {
  1: 'flame', // Fire Safety
  6: 'first-aid-kit',
  7: 'ladder', // Working at Height
  8: 'lifting-box', // Manual Handling
  9: 'lightning', // Electrical Safety
  10: 'hazard-flask', // COSHH
  11: 'knife-fork', // Food Hygiene
  12: 'respirator', // Asbestos
  13: 'ear', // Noise
  14: 'hard-hat', // PPE
  15: 'steering-wheel', // Driving
  16: 'traffic-cone', // Construction
  17: 'head-heart', // Mental Health
  19: 'virus', // Infection Control
};

export function categoryIconOf(categoryId: number): CategoryIconName {
  return ICON_OF_CATEGORY[categoryId] ?? 'shield';
}
