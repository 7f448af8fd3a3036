import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// Keyset paging, newest first (docs/decisions/045-keyset-paging.md): a page is the rows after a cursor row in
// the list's (time, id) order, read from an index in that order, so a page costs the same deep in a long list
// as at its top. The thread (GET /api/messages), my bids and the conversation list page this way.

/**
 * The rows after the cursor in (time desc, id desc) order. `cursor` selects the cursor row's (time, id) among the
 * caller's own rows only: a cursor that is not theirs selects nothing, the comparison with NULL keeps nothing, and
 * the page is empty.
 */
export function afterCursor(time: SQLWrapper, id: SQLWrapper, cursor: SQL): SQL {
  return sql`(${time}, ${id}) < (${cursor})`;
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
