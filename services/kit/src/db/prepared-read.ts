import type { Knex } from '@mikro-orm/knex';
import type { Em, Orm } from './orm';
import { DirectTransaction } from './direct-transaction';
import { runOnTransaction, selectRows } from './rows';

/**
 * An argument's place in a compiled statement's bindings: the argument, one item of a list argument,
 * or one field of a row (an object argument, or an object in a list: `insert(rows)`, `update(fields)`),
 * or else a value of the query itself.
 */
type Slot = { arg: number; item: number | null; key?: string } | { value: unknown };

export interface CompiledStatement {
  sql: string;
  method: string;
  slots: Slot[];
}

/** Marker values: text, and for numbers (knex checks that a limit is an integer) integers no query uses, just under 2^53. */
const MARK = '\u0001preparedRead:';
const FIRST_NUMBER_MARK = Number.MAX_SAFE_INTEGER - 1_000_000;

/**
 * A hot read whose SQL is built and compiled by knex once per shape, after which a call only
 * places its values (docs/benchmarks.md "Request path": building and compiling a knex query cost
 * about as much as the driver's call). `build` makes the query from its arguments, using each one
 * only as a bound value (`where(column, arg)`, `whereIn(column, list)`, `limit(arg)`), never to
 * decide what the SQL looks like, except through the shape: a list argument's length, and
 * whether an argument is null (`where(column, null)` is `is null`). The first call of a shape
 * builds the query with marker values and records where each argument's values go.
 *
 * A call runs on the entity manager's transaction when it has one (the compiled statement on the
 * transaction's connection, `runOnTransaction`), otherwise straight on the driver (`selectRows`).
 * Given the ORM instead of an entity manager it reads as a fresh fork would, without making one;
 * given a `DirectTransaction`, on its connection.
 */
export function preparedRead<Row, Args extends unknown[]>(
  build: (knex: Knex, ...args: Args) => Knex.QueryBuilder,
): (from: Em | Orm | DirectTransaction, ...args: Args) => Promise<Row[]> {
  const compiled = compiledStatements(build, ['select']);
  return (from, ...args) => {
    if (from instanceof DirectTransaction) return runCompiled(from, compiled, args) as Promise<Row[]>;
    const em = 'em' in from ? null : from;
    const knex = 'em' in from ? from.em.getKnex() : from.getKnex();
    let statement: { sql: string; bindings: unknown[]; method: string };
    try {
      statement = compiled(knex, args);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const transaction = em?.getTransactionContext<Knex.Transaction>();
    if (transaction) return runOnTransaction(transaction, 'select', statement.sql, statement.bindings) as Promise<Row[]>;
    return selectRows<Row>(knex, statement.sql, statement.bindings);
  };
}

/** A prepared statement on a direct transaction's connection. */
export function runCompiled<Args extends unknown[]>(
  tx: DirectTransaction,
  compiled: ReturnType<typeof compiledStatements<Args>>,
  args: Args,
): Promise<unknown> {
  let statement: { sql: string; bindings: unknown[]; method: string };
  try {
    statement = compiled(tx.getKnex(), args);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  return tx.run(statement.method, statement.sql, statement.bindings);
}

/**
 * A statement's SQL and bindings for these arguments, compiled by knex once per shape and knex
 * instance (tests and benches run several ORMs, on SQLite and MySQL, in one process). Throws when
 * `build` makes another kind of statement than `methods`, or uses an argument other than as a value.
 */
export function compiledStatements<Args extends unknown[]>(build: (knex: Knex, ...args: Args) => Knex.QueryBuilder, methods: string[]) {
  const byKnex = new WeakMap<Knex, Map<string, CompiledStatement>>();
  return (knex: Knex, args: Args): { sql: string; bindings: unknown[]; method: string } => {
    let shapes = byKnex.get(knex);
    if (!shapes) byKnex.set(knex, (shapes = new Map()));
    const shape = shapeOf(args);
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(knex, build, args, methods);
      shapes.set(shape, compiled);
    }
    const bindings = compiled.slots.map((slot) => {
      if ('value' in slot) return slot.value;
      const value = slot.item === null ? args[slot.arg] : (args[slot.arg] as unknown[])[slot.item];
      return slot.key === undefined ? value : (value as Record<string, unknown>)[slot.key];
    });
    return { sql: compiled.sql, bindings, method: compiled.method };
  };
}

/** A row: a plain object whose fields are values (never a Date or a list). Its keys are part of the shape. */
const isRow = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !Buffer.isBuffer(value);

function shapeOf(args: unknown[]): string {
  let shape = '';
  for (const arg of args) {
    if (arg === null || arg === undefined) shape += 'n,';
    else if (Array.isArray(arg)) shape += isRow(arg[0]) ? `${arg.length}[${Object.keys(arg[0]).join(' ')}],` : `${arg.length},`;
    else shape += isRow(arg) ? `{${Object.keys(arg).join(' ')}},` : 'v,';
  }
  return shape;
}

function compile<Args extends unknown[]>(
  knex: Knex,
  build: (knex: Knex, ...args: Args) => Knex.QueryBuilder,
  args: Args,
  methods: string[],
): CompiledStatement {
  const marks = new Map<unknown, Slot>();
  let next = 0;
  const mark = (value: unknown, slot: Slot) => {
    const marker = typeof value === 'number' ? FIRST_NUMBER_MARK + next++ : `${MARK}${next++}`;
    marks.set(marker, slot);
    return marker;
  };
  // A row's fields are all marked with text, null included: an insert or update binds every one as it is.
  const markRow = (row: Record<string, unknown>, arg: number, item: number | null) =>
    Object.fromEntries(Object.keys(row).map((key) => [key, mark('', { arg, item, key })]));
  const marked = args.map((arg, i) =>
    arg === null || arg === undefined
      ? arg
      : Array.isArray(arg)
        ? arg.map((item, j) => (isRow(item) ? markRow(item, i, j) : mark(item, { arg: i, item: j })))
        : isRow(arg)
          ? markRow(arg, i, null)
          : mark(arg, { arg: i, item: null }),
  ) as Args;
  const { sql, bindings, method } = build(knex, ...marked).toSQL();
  if (!methods.includes(method)) throw new Error(`preparedRead: ${method} is not a ${methods.join(' or ')}`);
  if (sql.includes(MARK) || sql.includes(String(FIRST_NUMBER_MARK).slice(0, 10)))
    throw new Error('preparedRead: an argument was written into the SQL; bind it as a value');
  const seen = new Set<unknown>();
  const slots = bindings.map((binding): Slot => {
    const slot = marks.get(binding);
    if (!slot) return { value: binding };
    seen.add(binding);
    return slot;
  });
  if (seen.size !== marks.size) throw new Error('preparedRead: an argument is not bound as it was given (changed by the query, or unused)');
  return { sql, method, slots };
}
