import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A company; a depot is a company whose parent_id is its parent's id. */
export const Company = defineEntity({
  name: 'Company',
  tableName: 'companies',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(191),
    email: p.string().length(191).nullable(),
    managerName: p.string().fieldName('manager_name').length(191).nullable(),
    managerEmail: p.string().fieldName('manager_email').length(191).nullable(),
    parentId: p.integer().fieldName('parent_id').nullable(),
    sendCertificate: p.boolean().fieldName('send_certificate').default(true),
    sendReport: p.boolean().fieldName('send_report').default(true),
    sendExpiryReport: p.boolean().fieldName('send_expiry_report').default(true),
    logoPath: p.string().fieldName('logo_path').length(255).nullable(),
    createdAt: p.datetime().fieldName('created_at').onCreate(() => new Date()),
    updatedAt: p.datetime().fieldName('updated_at').onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
export type ICompany = InferEntity<typeof Company>;
