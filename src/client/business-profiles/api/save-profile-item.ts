import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.js';
import { businessProfileQueryOptions } from './get-business-profile.js';

/** The four lists of the business profile (docs/contract.md §3.2), by their path. */
export type ProfileList = 'capabilities' | 'areas' | 'credentials' | 'portfolio';

/** POST /api/business-profile/{list} adds an item, PUT /{itemId} edits it; the profile refreshes. */
export function saveProfileItem<T>(list: ProfileList, itemId: string | null, input: unknown): Promise<T> {
  const base = `/api/business-profile/${list}`;
  return itemId
    ? api<T>(`${base}/${itemId}`, { method: 'PUT', body: input })
    : api<T>(base, { method: 'POST', body: input });
}

export function useSaveProfileItem<T>(list: ProfileList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, input }: { itemId: string | null; input: unknown }) =>
      saveProfileItem<T>(list, itemId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessProfileQueryOptions.queryKey }),
  });
}
