import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#shared/jobs.js';
import { api } from '#client/lib/api.js';

/** GET /api/categories: the names are shown translated by slug (categories:<slug>). */
export const categoriesQueryOptions = queryOptions({
  queryKey: ['/api/categories'],
  queryFn: ({ signal }) => api<Category[]>('/api/categories', { signal }),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
