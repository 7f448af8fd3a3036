import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessProfile, BusinessProfileInput } from '#shared/business-profiles.js';
import { api } from '#client/lib/api.js';
import { businessProfileQueryOptions } from './get-business-profile.js';

/** POST /api/business-profile creates it, PUT /api/business-profile/{id} updates it. */
export function saveBusinessProfile(id: string | null, input: BusinessProfileInput): Promise<BusinessProfile> {
  return id
    ? api<BusinessProfile>(`/api/business-profile/${id}`, { method: 'PUT', body: input })
    : api<BusinessProfile>('/api/business-profile', { method: 'POST', body: input });
}

export function useSaveBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: BusinessProfileInput }) => saveBusinessProfile(id, input),
    onSuccess: (profile) => queryClient.setQueryData(businessProfileQueryOptions.queryKey, profile),
  });
}
