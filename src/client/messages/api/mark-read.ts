import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '#client/lib/api.js';
import { conversationsQueryOptions } from './get-conversations.js';

export function markConversationRead(conversationId: string): Promise<{ updated: number }> {
  return api(`/api/conversations/${encodeURIComponent(conversationId)}/mark-read`, { method: 'POST' });
}

/**
 * Opening a conversation with unread messages marks it read (spec §4 'Message'). `alsoShowingUnread`: the
 * queries of other features that show unread counts (the page passes the projects' tracking list), refreshed too.
 */
export function useMarkRead(alsoShowingUnread: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey }),
        ...alsoShowingUnread.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
