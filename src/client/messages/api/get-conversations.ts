import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONVERSATIONS_POLL_MS } from '#shared/conversation-rules.js';
import type { Conversation } from '#shared/conversations.js';
import { api } from '#client/lib/api.js';
import { usePollingFallback } from '#client/lib/event-stream.js';
import { queryLoader } from '#client/lib/route-loader.js';

/** GET /api/conversations: latest activity first. */
export const conversationsQueryOptions = queryOptions({
  queryKey: ['/api/conversations'],
  queryFn: ({ signal }) => api<Conversation[]>('/api/conversations', { signal }),
});

/** Kept current by the event stream; polled every 30 s only while the stream is down (spec §7, §9). */
export function useConversations(options: { enabled?: boolean } = {}) {
  const refetchInterval = usePollingFallback(CONVERSATIONS_POLL_MS);
  return useQuery({ ...conversationsQueryOptions, refetchInterval, enabled: options.enabled ?? true });
}

export function useUnreadTotal(enabled: boolean): number {
  const { data } = useConversations({ enabled });
  return (data ?? []).reduce((sum, conversation) => sum + conversation.unreadCount, 0);
}

/** What every signed-in screen's frame shows (app.tsx, the signed-in routes' loader): the unread count. */
export const signedInFrameLoader = queryLoader((queryClient, _args, user) =>
  user ? queryClient.ensureQueryData(conversationsQueryOptions) : Promise.resolve(),
);
