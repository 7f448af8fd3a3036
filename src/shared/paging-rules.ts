// List paging as plain values (no zod): the screens that page read them (docs/decisions/045-keyset-paging.md).
/** GET /api/my-bids and GET /api/conversations answer this many items a page, and at most LIST_PAGE_MAX. */
export const LIST_PAGE = 50;
export const LIST_PAGE_MAX = 200;
/** Present on a page only when another one follows: the `before` that asks for it (docs/contract.md §3.3). */
export const NEXT_BEFORE_HEADER = 'x-next-before';
