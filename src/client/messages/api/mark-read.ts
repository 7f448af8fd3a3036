import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Conversation } from '#shared/conversations.js';
import { api } from '#client/lib/api.js';
import type { Page } from '#client/lib/paging.js';
import { conversationsQueryOptions } from './get-conversations.js';

export function markConversationRead(conversationId: string): Promise<{ updated: number }> {
  return api(`/api/conversations/${encodeURIComponent(conversationId)}/mark-read`, { method: 'POST' });
}

/**
 * The conversation shows no unread messages wherever the cache holds it (a page of the list, a page added by 'Show
 * more', the open conversation), at once: the refetch that follows a mark-read takes a moment, and its row's badge
 * would say unread meanwhile, beside a top bar that already says otherwise.
 */
export function markReadInCache(queryClient: QueryClient, conversationId: string): void {
  const read = (c: Conversation) => (c.id === conversationId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c);
  const readPage = (page: Page<Conversation>) => ({ ...page, items: page.items.map(read) });
  queryClient.setQueriesData<unknown>({ queryKey: conversationsQueryOptions.queryKey }, (data: unknown) => {
    if (typeof data !== 'object' || data === null) return data;
    if ('items' in data) return readPage(data as Page<Conversation>);
    if ('pages' in data) {
      const pages = data as InfiniteData<Page<Conversation>>;
      return { ...pages, pages: pages.pages.map(readPage) };
    }
    if ('unreadCount' in data) return read(data as Conversation);
    return data;
  });
}

/**
 * Opening a conversation with unread messages marks it read (spec §4 'Message'). `alsoShowingUnread`: the
 * queries of other features that show unread counts (the page passes the projects' tracking list), refreshed too.
 */
export function useMarkRead(alsoShowingUnread: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_result, conversationId) => {
      markReadInCache(queryClient, conversationId);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey }),
        ...alsoShowingUnread.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
  });
}
