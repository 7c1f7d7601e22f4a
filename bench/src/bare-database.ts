// The raw drivers under the bare twins (bare-routes.ts): one SQLite connection or a MySQL pool, recording what they run.

export type Row = Record<string, unknown>;

/** One raw connection (SQLite) or pool (MySQL), recording the statements it runs while asked to. */
export interface BareDatabase {
  /** Which SQL the route writes for this database where the two differ (the count per company). */
  dialect: 'sqlite' | 'mysql';
  all(sql: string, params: unknown[]): Row[] | Promise<Row[]>;
  /** Statements on one connection in one transaction (SQLite: one after another, as the ORM's one connection). */
  transaction<T>(work: (tx: BareTransaction) => Promise<T>): Promise<T>;
  /** Statements run since `record()`, or null when not recording. */
  recorded: string[] | null;
  record(): void;
  close(): Promise<void>;
}

export interface BareTransaction {
  all(sql: string, params: unknown[]): Row[] | Promise<Row[]>;
  run(sql: string, params: unknown[]): unknown;
}

interface SqliteDriver {
  new (file: string): {
    prepare(sql: string): { all(params: unknown[]): Row[]; run(params: unknown[]): unknown };
    exec(sql: string): void;
    close(): void;
  };
}
interface MysqlPromiseConnection {
  query(sql: string, params?: unknown[]): Promise<[unknown, unknown]>;
  beginTransaction(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  release(): void;
}
interface Mysql2Driver {
  createPool(options: Record<string, unknown>): {
    promise(): {
      query(sql: string, params: unknown[]): Promise<[unknown, unknown]>;
      getConnection(): Promise<MysqlPromiseConnection>;
      end(): Promise<void>;
    };
  };
}

/** SQLite through libsql (better-sqlite3's API): one connection, each statement prepared once. */
export function sqliteBareDatabase(Driver: SqliteDriver, file: string): BareDatabase {
  const db = new Driver(file);
  // The portal's connection pragmas (kit sqlite.ts), and the same wait for the other connection's write lock.
  for (const pragma of ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON', 'busy_timeout = 5000'])
    db.exec(`pragma ${pragma}`);
  const statements = new Map<string, { all(params: unknown[]): Row[]; run(params: unknown[]): unknown }>();
  const prepared = (sql: string) => {
    bare.recorded?.push(sql);
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  // One connection: a transaction waits for the one before it (knex's pool of one does the same for the ORM).
  let queue: Promise<unknown> = Promise.resolve();
  const tx: BareTransaction = { all: (sql, params) => prepared(sql).all(params), run: (sql, params) => prepared(sql).run(params) };
  const bare: BareDatabase = {
    dialect: 'sqlite',
    recorded: null,
    record: () => void (bare.recorded = []),
    // libsql binds booleans and dates as better-sqlite3 does through knex: as numbers.
    all: (sql, params) => prepared(sql).all(params),
    transaction<T>(work: (t: BareTransaction) => Promise<T>) {
      const next = queue.then(async () => {
        db.exec('begin');
        try {
          const result = await work(tx);
          db.exec('commit');
          return result;
        } catch (error) {
          db.exec('rollback');
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    close: async () => db.close(),
  };
  return bare;
}

/** MySQL/MariaDB through mysql2's pool, with the options MikroORM gives its own (UTC, date strings, big numbers). */
export function mysqlBareDatabase(mysql2: Mysql2Driver, url: string): BareDatabase {
  const pool = mysql2.createPool({ uri: url, connectionLimit: 10, timezone: 'Z', supportBigNumbers: true, dateStrings: true }).promise();
  const bare: BareDatabase = {
    dialect: 'mysql',
    recorded: null,
    record: () => void (bare.recorded = []),
    async all(sql, params) {
      bare.recorded?.push(sql);
      const [rows] = await pool.query(sql, params);
      return rows as Row[];
    },
    async transaction(work) {
      const connection = await pool.getConnection();
      const run = async (sql: string, params: unknown[]) => {
        bare.recorded?.push(sql);
        return (await connection.query(sql, params))[0];
      };
      try {
        await connection.beginTransaction();
        const result = await work({ all: (sql, params) => run(sql, params) as Promise<Row[]>, run });
        await connection.commit();
        return result;
      } catch (error) {
        await connection.rollback();
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
  return bare;
}

/** A date column as the driver answers it (SQLite: epoch ms; MySQL: 'YYYY-MM-DD HH:MM:SS' in UTC), as ISO text. */
export function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value);
  if (/^\d+$/.test(text)) return new Date(Number(text)).toISOString();
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`).toISOString();
}

/** `?, ?, …`: n placeholders. */
export const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * A statement's shape, for comparing the route's statements with the bare route's: the ORM writes
 * values into its SQL, the bare routes bind them, so literals and `?` become one placeholder and a
 * list of them one.
 */
export function sqlShape(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w`])-?\d+(?:\.\d+)?(?![\w`])/g, '?')
    .replace(/\(\s*\?(?:\s*,\s*\?)*\s*\)/g, '(?)')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
