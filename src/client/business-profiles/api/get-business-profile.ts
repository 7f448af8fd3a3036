import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessProfile } from '#shared/business-profiles.js';
import { api, ApiError } from '#client/lib/api.js';

/** GET /api/business-profile: the caller's profile with its four lists; null when there is none yet (404). */
export const businessProfileQueryOptions = queryOptions({
  queryKey: ['/api/business-profile'],
  queryFn: async ({ signal }) => {
    try {
      return await api<BusinessProfile>('/api/business-profile', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export function useBusinessProfile(enabled = true) {
  return useQuery({ ...businessProfileQueryOptions, enabled });
}
