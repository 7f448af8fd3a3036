import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/auth.js';
import { api } from './api.js';

/** Public run-time configuration (GET /api/config): demo accounts, free credits, Stripe key. */
export const configQueryOptions = queryOptions({
  queryKey: ['/api/config'],
  queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal }),
});

export function usePublicConfig() {
  return useQuery(configQueryOptions);
}
