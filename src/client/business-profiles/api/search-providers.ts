import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_LIMIT_DEFAULT, type ProviderSearchResult } from '#shared/business-profiles.js';
import { apiResponse } from '#client/lib/api.js';

/** `language`: '' or a code the providers must speak (the page offers Spanish, docs/contract.md §3.9). */
export type ProviderSearch = { q: string; category: string; location: string; language: string };
/** `capped`: there are more than `total` matches; the pages end at `total` (docs/contract.md §3.2, decision 047). */
export type ProviderPage = { providers: ProviderSearchResult[]; total: number; capped: boolean; offset: number };

async function searchProviders(search: ProviderSearch, offset: number, signal: AbortSignal): Promise<ProviderPage> {
  const params = new URLSearchParams({ limit: String(SEARCH_LIMIT_DEFAULT), offset: String(offset) });
  for (const [key, value] of Object.entries(search)) if (value.trim()) params.set(key, value.trim());
  const { body, headers } = await apiResponse<ProviderSearchResult[]>(`/api/providers/search?${params}`, { signal });
  return {
    providers: body,
    total: Number(headers.get('x-total-count') ?? body.length),
    capped: headers.get('x-total-count-capped') === 'true',
    offset,
  };
}

/** GET /api/providers/search, page by page ('Load more'); the previous results stay while a new search loads. */
export const providerSearchQueryOptions = (search: ProviderSearch) =>
  infiniteQueryOptions({
    queryKey: ['/api/providers/search', search],
    queryFn: ({ pageParam, signal }) => searchProviders(search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.providers.length;
      return last.providers.length > 0 && next < last.total ? next : undefined;
    },
  });

export function useProviderSearch(search: ProviderSearch) {
  return useInfiniteQuery({ ...providerSearchQueryOptions(search), placeholderData: keepPreviousData });
}
