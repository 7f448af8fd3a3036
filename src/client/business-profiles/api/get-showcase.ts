import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderShowcase } from '#shared/business-profiles.js';
import { api } from '#client/lib/api.js';

/** GET /api/provider/{id}/showcase: id is the provider's user id. */
export const showcaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/provider', id, 'showcase'],
    queryFn: ({ signal }) => api<ProviderShowcase>(`/api/provider/${encodeURIComponent(id)}/showcase`, { signal }),
  });

export function useShowcase(id: string) {
  return useQuery(showcaseQueryOptions(id));
}
