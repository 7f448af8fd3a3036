import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONVERSATIONS_POLL_MS } from '#shared/conversation-rules.js';
import type { Conversation } from '#shared/conversations.js';
import { api } from '#client/lib/api.js';
import { usePollingFallback } from '#client/lib/event-stream.js';
import { fetchPage } from '#client/lib/paging.js';

/** GET /api/conversations: its first page, latest activity first, and whether more follow (docs/contract.md §3.3). */
export const conversationsQueryOptions = queryOptions({
  queryKey: ['/api/conversations'],
  queryFn: ({ signal }) => fetchPage<Conversation>('/api/conversations', signal),
});

/** Kept current by the event stream; polled every 30 s only while the stream is down (spec §7, §9). */
export function useConversations(options: { enabled?: boolean } = {}) {
  const refetchInterval = usePollingFallback(CONVERSATIONS_POLL_MS);
  return useQuery({ ...conversationsQueryOptions, refetchInterval, enabled: options.enabled ?? true });
}

/** The page of conversations after the conversation `before`, with the next page's `before`. */
export const fetchConversationsAfter = (before: string, signal?: AbortSignal) =>
  fetchPage<Conversation>(`/api/conversations?before=${encodeURIComponent(before)}`, signal);

/** What /messages?before= lists (a 'Show more' followed without scripts). */
export const conversationsAfterQueryOptions = (before: string) =>
  queryOptions({
    queryKey: [...conversationsQueryOptions.queryKey, 'after', before],
    queryFn: ({ signal }) => fetchConversationsAfter(before, signal),
  });

/** GET /api/conversations/{id}: the open conversation when it is not among those listed. */
export const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: [...conversationsQueryOptions.queryKey, 'one', conversationId],
    queryFn: ({ signal }) => api<Conversation>(`/api/conversations/${encodeURIComponent(conversationId)}`, { signal }),
  });
