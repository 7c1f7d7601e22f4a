import { z } from 'zod';
import { defineRoute } from '../route';

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const listCategories = defineRoute({
  name: 'categories.list',
  method: 'GET',
  path: '/api/categories',
  service: 'catalogue',
  access: ['manager', 'admin'],
  summary: 'Every course category (each id maps to an icon).',
  response: z.object({ data: z.array(categorySchema) }),
});

export const catalogueRoutes = [listCategories] as const;
