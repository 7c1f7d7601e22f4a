import type { Knex } from '@mikro-orm/knex';
import type { Em, Orm } from './orm';
import { readRows, selectRows } from './rows';

/** An argument's place in a compiled read's bindings: the argument (or one item of a list argument), or a value of the query itself. */
type Slot = { arg: number; item: number | null } | { value: unknown };

interface CompiledRead {
  sql: string;
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
 * A call runs like `readRows`: on the entity manager's transaction when it has one (the query built
 * again with the values, as readRows does), otherwise straight on the driver (`selectRows`). Given
 * the ORM instead of an entity manager it reads as a fresh fork would, without making one.
 */
export function preparedRead<Row, Args extends unknown[]>(build: (knex: Knex, ...args: Args) => Knex.QueryBuilder): (from: Em | Orm, ...args: Args) => Promise<Row[]> {
  // Per knex instance: tests and benches run several ORMs, on SQLite and MySQL, in one process.
  const byKnex = new WeakMap<Knex, Map<string, CompiledRead>>();
  return (from, ...args) => {
    const em = 'em' in from ? null : from;
    const knex = 'em' in from ? from.em.getKnex() : from.getKnex();
    if (em?.getTransactionContext()) return readRows<Row>(em, build(knex, ...args));
    let shapes = byKnex.get(knex);
    if (!shapes) byKnex.set(knex, (shapes = new Map()));
    const shape = shapeOf(args);
    let compiled = shapes.get(shape);
    if (!compiled) {
      try {
        compiled = compile(knex, build, args);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      shapes.set(shape, compiled);
    }
    const bindings = compiled.slots.map((slot) => ('value' in slot ? slot.value : slot.item === null ? args[slot.arg] : (args[slot.arg] as unknown[])[slot.item]));
    return selectRows<Row>(knex, compiled.sql, bindings);
  };
}

function shapeOf(args: unknown[]): string {
  let shape = '';
  for (const arg of args) shape += arg === null || arg === undefined ? 'n,' : Array.isArray(arg) ? `${arg.length},` : 'v,';
  return shape;
}

function compile<Args extends unknown[]>(knex: Knex, build: (knex: Knex, ...args: Args) => Knex.QueryBuilder, args: Args): CompiledRead {
  const marks = new Map<unknown, Slot>();
  let next = 0;
  const mark = (value: unknown, slot: Slot) => {
    const marker = typeof value === 'number' ? FIRST_NUMBER_MARK + next++ : `${MARK}${next++}`;
    marks.set(marker, slot);
    return marker;
  };
  const marked = args.map((arg, i) =>
    arg === null || arg === undefined ? arg : Array.isArray(arg) ? arg.map((item, j) => mark(item, { arg: i, item: j })) : mark(arg, { arg: i, item: null }),
  ) as Args;
  const { sql, bindings, method } = build(knex, ...marked).toSQL();
  if (method !== 'select') throw new Error(`preparedRead: ${method} is not a read`);
  if (sql.includes(MARK) || sql.includes(String(FIRST_NUMBER_MARK).slice(0, 10))) throw new Error('preparedRead: an argument was written into the SQL; bind it as a value');
  const seen = new Set<unknown>();
  const slots = bindings.map((binding): Slot => {
    const slot = marks.get(binding);
    if (!slot) return { value: binding };
    seen.add(binding);
    return slot;
  });
  if (seen.size !== marks.size) throw new Error('preparedRead: an argument is not bound as it was given (changed by the query, or unused)');
  return { sql, slots };
}
