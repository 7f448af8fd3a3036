import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBusinessProfile, AdminCredential } from '#shared/business-profiles.js';
import { api } from '#client/lib/api.js';

/** GET /api/admin/business-profiles?verified=false and /api/admin/credentials?verified=false (operators only). */
export const verificationQueueQueryOptions = queryOptions({
  queryKey: ['/api/admin', 'verification-queue'],
  queryFn: async ({ signal }) => {
    const [profiles, credentials] = await Promise.all([
      api<AdminBusinessProfile[]>('/api/admin/business-profiles?verified=false', { signal }),
      api<AdminCredential[]>('/api/admin/credentials?verified=false', { signal }),
    ]);
    return { profiles, credentials };
  },
});

export function useVerificationQueue() {
  return useQuery(verificationQueueQueryOptions);
}
