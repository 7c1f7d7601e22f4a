import { SchemaMigration, type Knex } from '@portal/service-kit';

/**
 * The credit ledger grows up (issue 9): each row carries the balance after it, who moved the
 * credits and the other company of a transfer (or the depot a parent paid for); the shop's paid
 * orders become invoices, one per order id (the unique index is what makes the webhook
 * idempotent). Existing rows get their running balance; an account whose balance the ledger does
 * not explain gets one opening adjustment, so every balance equals the sum of its rows.
 */
export class EnrolmentCreditsAndInvoices extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema
      .alterTable('credit_transactions', (t) => {
        t.integer('balance_after').notNullable().defaultTo(0);
        t.integer('actor_user_id').nullable();
        t.string('actor_name', 191).notNullable().defaultTo('System');
        t.integer('counterparty_company_id').nullable();
        t.index(['company_id', 'id'], 'credit_transactions_company_id_id_index');
        t.index(['enrollment_id'], 'credit_transactions_enrollment_id_index');
      })
      .createTable('invoices', (t) => {
        t.increments('id').primary();
        t.string('order_id', 64).notNullable().unique();
        t.string('kind', 16).notNullable();
        t.integer('company_id').nullable().index();
        t.integer('user_id').nullable().index();
        t.integer('credits').nullable();
        t.integer('course_id').nullable();
        t.string('course_name', 191).nullable();
        t.string('customer_name', 191).notNullable();
        t.string('customer_email', 191).notNullable();
        t.integer('amount_minor').notNullable();
        t.string('currency', 3).notNullable();
        t.datetime('created_at').notNullable();
      });
  }

  override async up(): Promise<void> {
    await super.up();
    const knex = this.getKnex();
    const isMysql = String((knex.client as { dialect?: string }).dialect ?? '').startsWith('mysql');
    // The running balance of every existing row, per company in id order.
    this.addSql(
      isMysql
        ? `UPDATE credit_transactions t JOIN (SELECT a.id, SUM(b.delta) AS running FROM credit_transactions a JOIN credit_transactions b ON b.company_id = a.company_id AND b.id <= a.id GROUP BY a.id) r ON r.id = t.id SET t.balance_after = r.running`
        : `UPDATE credit_transactions SET balance_after = (SELECT SUM(b.delta) FROM credit_transactions b WHERE b.company_id = credit_transactions.company_id AND b.id <= credit_transactions.id)`,
    );
    // Balances set without a ledger row (before the ledger was complete): one opening adjustment each.
    this.addSql(
      `INSERT INTO credit_transactions (company_id, delta, kind, balance_after, actor_name, note, created_at) ` +
        `SELECT a.company_id, a.balance - COALESCE(s.total, 0), 'adjustment', a.balance, 'System', 'Opening balance', a.updated_at ` +
        `FROM credit_accounts a LEFT JOIN (SELECT company_id, SUM(delta) AS total FROM credit_transactions GROUP BY company_id) s ON s.company_id = a.company_id ` +
        `WHERE a.balance <> COALESCE(s.total, 0)`,
    );
  }
}
