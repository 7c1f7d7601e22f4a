import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const Category = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(191),
  }),
});
export type ICategory = InferEntity<typeof Category>;
