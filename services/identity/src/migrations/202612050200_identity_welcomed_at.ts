import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * When a user's welcome mail was queued (issue 25 D5). A learner with an email and none gets it
 * when next enrolled (identity port `sendMissingWelcomes`). Existing users count as welcomed,
 * except learners with an email who have no password and never signed in: whether their welcome
 * was queued is not known (a finalise cut short queued none), so they get one at their next
 * enrolment.
 */
export class IdentityWelcomedAt extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.alterTable('users', (t) => {
      t.datetime('welcomed_at').nullable();
    });
  }

  override async up(): Promise<void> {
    await super.up();
    this.addSql(
      "update users set welcomed_at = created_at where not (role = 'learner' and email is not null and password_hash is null and id not in (select user_id from sign_ins))",
    );
  }
}
