import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One saved platform setting (the Site tab); unsaved keys read as their defaults. */
export const SiteSetting = defineEntity({
  name: 'SiteSetting',
  tableName: 'site_settings',
  properties: (p) => ({
    key: p.string().primary().length(64),
    value: p.text(),
    updatedById: p.integer().fieldName('updated_by_id').nullable(),
    updatedAt: p.datetime().fieldName('updated_at'),
  }),
});
export type ISiteSetting = InferEntity<typeof SiteSetting>;
