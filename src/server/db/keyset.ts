import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// Keyset paging, newest first (docs/decisions/045-keyset-paging.md): a page is the rows after a cursor row in
// the list's (time, id) order, read from an index in that order, so a page costs the same deep in a long list
// as at its top. The thread (GET /api/messages), my bids and the conversation list page this way.

/**
 * The rows after the cursor in (time desc, id desc) order, for a statement prepared once: with `before` (the
 * statement's parameter) null, every row; else those after the cursor row. `cursor` selects the cursor row's
 * (time, id) among the caller's own rows only: a cursor that is not theirs selects nothing, the comparison with
 * NULL keeps nothing, and the page is empty. Without `before` the comparison is with a row after every row, not
 * skipped by an `is null or …`: the plan, made once for both, keeps it as the index's condition, so a page deep in
 * the list starts at its cursor instead of reading the index down from the top (decision 058).
 */
export function afterCursor(time: SQLWrapper, id: SQLWrapper, before: SQL, cursor: SQL): SQL {
  return sql`(${time}, ${id}) < (${cursor}
    union all select 'infinity'::timestamptz, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid where ${before} is null)`;
}

/** A keyset page: its items, and the `before` of the page after it, null on the last page. */
export type Page<T> = { items: T[]; nextBefore: string | null };

/**
 * A page read with one row more than `limit`: the first `limit` rows, and when the extra row came, the id of
 * the page's last row, which asks for the next page.
 */
export function toPage<T>(rows: T[], limit: number, idOf: (row: T) => string): Page<T> {
  if (rows.length <= limit) return { items: rows, nextBefore: null };
  const items = rows.slice(0, limit);
  return { items, nextBefore: idOf(items[limit - 1]!) };
}
