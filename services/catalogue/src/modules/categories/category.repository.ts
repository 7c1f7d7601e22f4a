import type { Em } from '@portal/service-kit';
import { Category, type ICategory } from './category.entity';

/** Every query about course categories. */

export function allCategories(em: Em): Promise<ICategory[]> {
  return em.find(Category, {}, { orderBy: { name: 'asc', id: 'asc' } });
}

export async function categoriesByIds(em: Em, ids: number[]): Promise<ICategory[]> {
  if (!ids.length) return [];
  return em.find(Category, { id: { $in: [...new Set(ids)] } }, { orderBy: { name: 'asc', id: 'asc' } });
}
