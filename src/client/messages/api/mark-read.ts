import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.js';
import { trackingQueryKeyRoot } from '#client/projects/api/get-tracking.js';
import { conversationsQueryOptions } from './get-conversations.js';

export function markConversationRead(conversationId: string): Promise<{ updated: number }> {
  return api(`/api/conversations/${encodeURIComponent(conversationId)}/mark-read`, { method: 'POST' });
}

/** Opening a conversation with unread messages marks it read (spec §4 'Message'). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: trackingQueryKeyRoot }),
      ]),
  });
}
