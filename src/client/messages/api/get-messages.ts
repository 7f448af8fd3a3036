import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { MESSAGES_POLL_MS } from '#shared/conversation-rules.js';
import type { Message } from '#shared/conversations.js';
import { api } from '#client/lib/api.js';
import { usePollingFallback } from '#client/lib/event-stream.js';

/** GET /api/messages?conversationId=: the thread, oldest first. */
export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['/api/messages', conversationId],
    queryFn: ({ signal }) =>
      api<Message[]>(`/api/messages?conversationId=${encodeURIComponent(conversationId)}`, { signal }),
  });

/** Kept current by the event stream; polled every 5 s only while the stream is down (spec §7, §9). */
export function useMessages(conversationId: string | null) {
  const refetchInterval = usePollingFallback(MESSAGES_POLL_MS);
  return useQuery({ ...messagesQueryOptions(conversationId ?? ''), enabled: conversationId !== null, refetchInterval });
}

/** Adds a message to its cached thread (from the stream or a send), once. */
export function addMessageToThread(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData(messagesQueryOptions(message.conversationId).queryKey, (thread) =>
    thread && !thread.some((m) => m.id === message.id) ? [...thread, message] : thread,
  );
}
