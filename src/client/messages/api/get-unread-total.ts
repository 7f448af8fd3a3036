import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONVERSATIONS_POLL_MS } from '#shared/conversation-rules.js';
import type { UnreadTotal } from '#shared/conversations.js';
import { api } from '#client/lib/api.js';
import { usePollingFallback } from '#client/lib/event-stream.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { conversationsQueryOptions } from './get-conversations.js';

/**
 * GET /api/conversations/unread: the caller's unread messages in all their conversations (decision 048). Under the
 * conversation list's key, so what refreshes the list (a message's event, a mark-read, the stream's catch-up)
 * refreshes it too.
 */
export const unreadTotalQueryOptions = queryOptions({
  queryKey: [...conversationsQueryOptions.queryKey, 'unread'],
  queryFn: ({ signal }) => api<UnreadTotal>('/api/conversations/unread', { signal }),
});

/** The top bar's unread count: live from the event stream, polled every 30 s only while it is down (spec §7, §9). */
export function useUnreadTotal(enabled: boolean): number {
  const refetchInterval = usePollingFallback(CONVERSATIONS_POLL_MS);
  const { data } = useQuery({ ...unreadTotalQueryOptions, refetchInterval, enabled });
  return data?.total ?? 0;
}

/** What every signed-in screen's frame shows (app.tsx, the signed-in routes' loader): the unread count. */
export const signedInFrameLoader = queryLoader((queryClient, _args, user) =>
  user ? queryClient.ensureQueryData(unreadTotalQueryOptions) : Promise.resolve(),
);
