import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { NEXT_BEFORE_HEADER } from '#shared/paging-rules.js';
import { apiResponse } from './api.js';

// Lists the API answers a page at a time (docs/contract.md §3.3, docs/decisions/045-keyset-paging.md).

/** A page of a list: its items, and the `before` that asks for the next page (null: none follows). */
export type Page<T> = { items: T[]; nextBefore: string | null };

/** GET a paged list: the answer's items, and X-Next-Before when another page follows. */
export async function fetchPage<T>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  const { body, headers } = await apiResponse<T[]>(path, { signal });
  return { items: body, nextBefore: headers.get(NEXT_BEFORE_HEADER) };
}

/** `path` with the screen's parameters (`search`) kept but for `changes`: a value sets one, null drops it. */
export function linkWith(path: string, search: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  const query = next.toString();
  return query ? `${path}?${query}` : path;
}

type ShowMore<T> = {
  /** The query key of the pages fetched on request; the start of the list's own key, so invalidating it refreshes them. */
  key: readonly unknown[];
  fetch: (before: string, signal: AbortSignal) => Promise<Page<T>>;
  /** What the screen arrived with, and whether more follow it. */
  shown: T[];
  hasMore: boolean;
  /** What the shown items are the start of (the page's own `before`): pages added under another are forgotten. */
  scope?: string;
};

/**
 * 'Show more' under a list. Its control is a link to the page after the last item shown (`before=` that item), so
 * the server renders that page before scripts or without them; with scripts a click fetches the pages after it
 * and adds them under the list instead. Nothing is fetched before the first click.
 */
export function useShowMore<T extends { id: string }>({ key, fetch, shown, hasMore, scope = '' }: ShowMore<T>) {
  const [asked, setAsked] = useState<{ scope: string; from: string } | null>(null);
  const from = asked?.scope === scope ? asked.from : null;
  const more = useInfiniteQuery({
    queryKey: [...key, 'more', from],
    queryFn: ({ pageParam, signal }) => fetch(pageParam, signal),
    initialPageParam: from ?? '',
    getNextPageParam: (page: Page<T>) => page.nextBefore ?? undefined,
    enabled: from !== null,
  });
  const seen = new Set<string>();
  const items = [...shown, ...(more.data?.pages.flatMap((page) => page.items) ?? [])].filter(
    (item) => !seen.has(item.id) && Boolean(seen.add(item.id)),
  );
  const last = items.at(-1)?.id ?? null;
  const moreFollow = from === null ? hasMore : more.isPending || more.hasNextPage;
  const showMore = (event: MouseEvent) => {
    event.preventDefault();
    if (more.isFetching) return;
    if (from === null) setAsked(last === null ? null : { scope, from: last });
    else void more.fetchNextPage();
  };
  return { items, last: moreFollow ? last : null, showMore, isFetching: more.isFetching };
}
