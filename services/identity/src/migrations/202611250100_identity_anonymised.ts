import { SchemaMigration, type Knex } from '@portal/service-kit';

/** When a learner was anonymised (GDPR erasure); null for everyone else. */
export class IdentityAnonymised extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.alterTable('users', (t) => {
      t.datetime('anonymised_at').nullable();
    });
  }
}
