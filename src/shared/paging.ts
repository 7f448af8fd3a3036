import { z } from 'zod';
import { LIST_PAGE, LIST_PAGE_MAX } from './paging-rules.js';

export * from './paging-rules.js';

/**
 * A keyset page's query (docs/contract.md §3.3, docs/decisions/045-keyset-paging.md): `limit` items (1 to `max`,
 * `defaultLimit` when absent), and with `before` (an item's id) the items that follow that one. Malformed → 400.
 */
export function pageQuerySchema(defaultLimit: number, max: number) {
  return z.object({
    /** An item of the list: the page holds the items after it. */
    before: z.string().uuid('validation:invalid_input').optional(),
    limit: z.coerce
      .number('validation:invalid_input')
      .int('validation:invalid_input')
      .min(1, 'validation:invalid_input')
      .max(max, 'validation:invalid_input')
      .default(defaultLimit),
  });
}

/** GET /api/my-bids and GET /api/conversations: 50 a page by default, at most 200. */
export const ListPageQuerySchema = pageQuerySchema(LIST_PAGE, LIST_PAGE_MAX);
export type PageQuery = z.output<typeof ListPageQuerySchema>;
