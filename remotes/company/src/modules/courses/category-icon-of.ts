import type { CategoryIconName } from '@portal/design-system';

/** The catalogue's categories with their own drawing (spec §9); every other category shows the shield. */
const ICON_OF_CATEGORY: Record<number, CategoryIconName> = {
  1: 'flame', // Fire Safety
  6: 'first-aid',
  7: 'ladder', // Working at Height
  8: 'lift', // Manual Handling
  9: 'bolt', // Electrical Safety
  10: 'flask', // COSHH
  11: 'cutlery', // Food Hygiene
  12: 'mask', // Asbestos
  13: 'ear', // Noise
  14: 'hard-hat', // PPE
  15: 'wheel', // Driving
  16: 'cone', // Construction
  17: 'mind', // Mental Health
  19: 'virus', // Infection Control
};

export function categoryIconOf(categoryId: number): CategoryIconName {
  return ICON_OF_CATEGORY[categoryId] ?? 'shield';
}
