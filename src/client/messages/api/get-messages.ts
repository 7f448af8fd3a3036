import { queryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { MESSAGES_PAGE, MESSAGES_POLL_MS } from '#shared/conversation-rules.js';
import type { Message } from '#shared/conversations.js';
import { api } from '#client/lib/api.js';
import { usePollingFallback } from '#client/lib/event-stream.js';

/** GET /api/messages?conversationId=: the thread's newest page, oldest first. */
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

/**
 * The thread's earlier pages, asked for by the reader ('Earlier messages'): the messages before `anchor` (the
 * oldest one shown when they asked), a page at a time, newest page first. Nothing is fetched without an anchor.
 */
export function useEarlierMessages(conversationId: string, anchor: string | null) {
  return useInfiniteQuery({
    queryKey: ['/api/messages', conversationId, 'earlier', anchor],
    queryFn: ({ pageParam, signal }) =>
      api<Message[]>(
        `/api/messages?conversationId=${encodeURIComponent(conversationId)}&before=${encodeURIComponent(pageParam)}`,
        { signal },
      ),
    initialPageParam: anchor ?? '',
    getNextPageParam: (page: Message[]) => (page.length === MESSAGES_PAGE ? page[0]!.id : undefined),
    enabled: anchor !== null,
  });
}

/** Whether a page of the thread may have messages before it: it came full. */
export const mayHaveEarlier = (page: Message[] | undefined) => page?.length === MESSAGES_PAGE;

/** Adds a message to its cached thread (from the stream or a send), once. */
export function addMessageToThread(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData(messagesQueryOptions(message.conversationId).queryKey, (thread) =>
    thread && !thread.some((m) => m.id === message.id) ? [...thread, message] : thread,
  );
}
