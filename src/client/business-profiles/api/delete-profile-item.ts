import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.js';
import { businessProfileQueryOptions } from './get-business-profile.js';
import type { ProfileList } from './save-profile-item.js';

/** DELETE /api/business-profile/{list}/{itemId} (204); the profile refreshes. */
export function deleteProfileItem(list: ProfileList, itemId: string): Promise<void> {
  return api<void>(`/api/business-profile/${list}/${itemId}`, { method: 'DELETE' });
}

export function useDeleteProfileItem(list: ProfileList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => deleteProfileItem(list, itemId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessProfileQueryOptions.queryKey }),
  });
}
