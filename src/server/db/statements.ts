import { is, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { dialect, pgClient, pgliteClient } from './drizzle-internals.js';
import type { DbOrTx } from './types.js';

/** The rows of `db.execute(sql...)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** A named value of a prepared statement, given when it runs. */
export const param = (name: string) => sql.placeholder(name);

// The types Drizzle leaves as PostgreSQL's text (timestamps, dates, intervals and their arrays, numeric[]), so
// a statement run here reads every value as the same statement run through Drizzle would. node-postgres takes
// them once for the pool (pool.ts; a query's own config is copied on every call); Drizzle's own queries bring theirs.
const TEXT_TYPES = [1114, 1184, 1082, 1186, 1115, 1185, 1182, 1187, 1231];
const keepText = (value: string) => value;
export const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    TEXT_TYPES.includes(oid) ? keepText : pg.types.getTypeParser(oid, format as 'text'),
};
const pgliteParsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, keepText]));

/** One statement on the connection (or pool) under `db`: node-postgres prepares it by name, PGlite runs it. */
async function runStatement(db: DbOrTx, name: string | null, text: string, values: unknown[], rowMode?: 'array') {
  const client = pgClient(db);
  if (client) {
    // Without a name, node-postgres sends the unnamed statement: parsed and planned with these values.
    const config = { text, values, ...(name ? { name } : {}), ...(rowMode ? { rowMode } : {}) } as pg.QueryConfig;
    return (await client.query(config)).rows as unknown[];
  }
  const pglite = pgliteClient(db);
  return (await pglite.query(text, values, { rowMode: rowMode ?? 'object', parsers: pgliteParsers })).rows;
}

/**
 * The statement's values from the named ones a call gives, worked out once: which name fills each `$n` (what
 * Drizzle's fillPlaceholders decides on every call by walking each value's prototypes).
 */
function valueFiller(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const fillers = params.map((p): ((values: Record<string, unknown>) => unknown) => {
    const placeholder = is(p, Placeholder) ? p : is(p, Param) && is(p.value, Placeholder) ? p.value : null;
    if (!placeholder) return () => p;
    const { name } = placeholder;
    const encode = is(p, Param) ? (value: unknown) => p.encoder.mapToDriverValue(value) : null;
    return (values) => {
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      return encode ? encode(values[name]) : values[name];
    };
  });
  return (values) => fillers.map((fill) => fill(values));
}

/**
 * A hand-written statement, its SQL text built once, run by name with `param(name)` values filled in:
 * on PostgreSQL a named prepared statement, parsed and planned once per connection, not on every call
 * (decision 018). It runs on whatever it is given: the database, or the caller's transaction. It goes to the
 * driver without Drizzle's per-call query object (these statements run on every request; decision 029).
 *
 * With `mapRow`, each row arrives as an array of its columns in the statement's order and becomes what
 * `mapRow` makes of it, with nothing in between: the hottest reads build their answers straight from the
 * driver's values (decision 028; row-reader.ts reads a whole table's row). Timestamps then arrive as
 * PostgreSQL's text, as Drizzle reads them.
 */
export function preparedStatement<Row>(
  name: string,
  query: SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]>;
export function preparedStatement<T>(
  name: string,
  query: SQL,
  mapRow: (row: unknown[]) => T,
  options?: StatementOptions,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<T[]>;
export function preparedStatement<T>(
  name: string,
  query: SQL,
  mapRow?: (row: unknown[]) => T,
  { plan = 'once' }: StatementOptions = {},
) {
  const built = dialect.sqlToQuery(query);
  const fill = valueFiller(built.params);
  const prepareAs = plan === 'once' ? name : null;
  if (mapRow) {
    return async (db: DbOrTx, values: Record<string, unknown>): Promise<T[]> => {
      const rows = await runStatement(db, prepareAs, built.sql, fill(values), 'array');
      return (rows as unknown[][]).map(mapRow);
    };
  }
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<T[]> =>
    (await runStatement(db, prepareAs, built.sql, fill(values))) as T[];
}

export type StatementOptions = {
  /**
   * 'once' (the default): prepared by name, planned once per connection (but see pagedStatement: PostgreSQL plans
   * a `limit $n offset $m` on every call). 'each_call': planned with the call's values every time, for a statement
   * whose best plan depends on them (provider search, decision 047).
   */
  plan?: 'once' | 'each_call';
};

/** The pages from the start that a paged statement reads with its numbers written in (pagedStatement). */
export const PAGES_PLANNED_ONCE = 5;

/**
 * Which of a paged statement's written-in pages reads `limit` rows from `offset`: the page's number (0 for the first),
 * or null when the page is of another size or past the first PAGES_PLANNED_ONCE (then the statement with values).
 */
export function writtenPage(limit: number, offset: number, usualLimit: number): number | null {
  const page = offset / usualLimit;
  return limit === usualLimit && Number.isInteger(page) && page < PAGES_PLANNED_ONCE ? page : null;
}

/**
 * A list's statement whose page, LIMIT and OFFSET, comes from the call; `query` places the page clause it is given.
 * PostgreSQL cannot cost the generic plan of `limit $1 offset $2`: it takes a tenth of the rows for a limit it cannot
 * read, finds that plan dearer than one made with the values, and so plans the statement again on every call,
 * prepared or not (the job list spent 0.27 ms a request planning, more than running; docs/decisions/059). So the
 * first PAGES_PLANNED_ONCE pages of the list's usual size (`limit` = `usualLimit`, `offset` 0, one page, two …)
 * run as statements of their own with both numbers written in, each planned once per connection; any other page
 * runs the statement with values, planned on each call as before. At most PAGES_PLANNED_ONCE + 1 statements a
 * list, whatever callers send.
 */
export function pagedStatement<T>(
  name: string,
  query: (page: SQL) => SQL,
  mapRow: (row: unknown[]) => T,
  usualLimit: number,
): (db: DbOrTx, values: Record<string, unknown> & { limit: number; offset: number }) => Promise<T[]> {
  const anyPage = preparedStatement(name, query(sql`limit ${param('limit')} offset ${param('offset')}`), mapRow);
  const firstPages = Array.from({ length: PAGES_PLANNED_ONCE }, (_, page) =>
    preparedStatement(
      `${name}_page${page}`,
      query(sql`limit ${sql.raw(String(usualLimit))} offset ${sql.raw(String(page * usualLimit))}`),
      mapRow,
    ),
  );
  return (db, values) => {
    const page = writtenPage(values.limit, values.offset, usualLimit);
    return (page === null ? anyPage : firstPages[page]!)(db, values);
  };
}

/** `text` matched as itself inside a LIKE / ILIKE pattern: its wildcards and the escape character escaped. */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, '\\$&');
