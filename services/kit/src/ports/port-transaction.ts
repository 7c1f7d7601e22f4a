import type { Em } from '../db/orm';

/**
 * A caller's open transaction, handed to a port so the provider's writes commit or roll back with
 * the caller's (decisions.md "One finalise, one transaction"). Opaque: it carries no data and is
 * not serialisable, so only a provider in this process (on the one database) can join it; an HTTP
 * adapter of the port could not, and would have to refuse it. Made with `portTransaction(tx)`
 * inside `em.transactional`, joined by the provider with `joinPortTransaction`.
 */
export interface PortTransaction {
  readonly kind: 'port-transaction';
}

const openTransactions = new WeakMap<PortTransaction, Em>();

/** Wraps the transaction's entity manager (the `tx` of `em.transactional`) for a port call. */
export function portTransaction(tx: Em): PortTransaction {
  if (!tx.isInTransaction()) throw new Error('portTransaction needs an entity manager inside a transaction');
  const handle: PortTransaction = Object.freeze({ kind: 'port-transaction' as const });
  openTransactions.set(handle, tx);
  return handle;
}

/**
 * The provider's entity manager inside the caller's transaction: a fresh identity map on the same
 * connection and transaction (on SQLite the only connection — anything the provider does outside
 * this entity manager during the call would wait for the caller's transaction forever).
 */
export function joinPortTransaction(transaction: PortTransaction): Em {
  const tx = openTransactions.get(transaction);
  if (!tx || !tx.isInTransaction())
    throw new Error('That transaction is not open (a PortTransaction lives as long as its em.transactional).');
  return tx.fork({ clear: true, keepTransactionContext: true });
}
