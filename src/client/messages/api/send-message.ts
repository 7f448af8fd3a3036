import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageInput } from '#shared/conversations.js';
import { api } from '#client/lib/api.js';
import { conversationsQueryOptions } from './get-conversations.js';
import { addMessageToThread } from './get-messages.js';

export function sendMessage(input: SendMessageInput): Promise<Message> {
  return api<Message>('/api/messages', { method: 'POST', body: input });
}

/** POST /api/messages: the sent message joins its thread at once; the list re-sorts. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => {
      addMessageToThread(queryClient, message);
      return queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
    },
  });
}
