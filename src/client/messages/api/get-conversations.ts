import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CONVERSATION_SEARCH_MAX_LENGTH, CONVERSATIONS_POLL_MS } from '#shared/conversation-rules.js';
import type { Conversation } from '#shared/conversations.js';
import { api } from '#client/lib/api.js';
import { usePollingFallback } from '#client/lib/event-stream.js';
import { fetchPage, linkWith } from '#client/lib/paging.js';

/**
 * A page of the conversation list (docs/contract.md §3.3): those matching `q` ('' for all; decision 048), after the
 * conversation `before` (null: from the latest activity).
 */
export type ConversationPage = { q: string; before: string | null };

/** What is searched for when `text` is typed: trimmed, and cut to what the API takes. */
export const searchTerm = (text: string) => text.trim().slice(0, CONVERSATION_SEARCH_MAX_LENGTH);

/** The page an address asks for (/messages?q=&before=). */
export const conversationPageOf = (search: URLSearchParams): ConversationPage => ({
  q: searchTerm(search.get('q') ?? ''),
  before: search.get('before'),
});

const ROOT = ['/api/conversations'] as const;

const listPath = ({ q, before }: ConversationPage) =>
  linkWith(ROOT[0], new URLSearchParams(), { q: q || null, before: before || null });

/** GET /api/conversations[?q=&before=]: the page's items, and the next page's `before`. */
export const fetchConversations = (page: ConversationPage, signal?: AbortSignal) =>
  fetchPage<Conversation>(listPath(page), signal);

/**
 * A page of the list as a query. The first page of them all has the list's own key, which every other page's (and
 * the unread total's) starts with: invalidating it refreshes them all.
 */
export const conversationPageQueryOptions = (page: ConversationPage) =>
  queryOptions({
    queryKey: page.q === '' && page.before === null ? ROOT : [...ROOT, 'page', page.q, page.before],
    queryFn: ({ signal }) => fetchConversations(page, signal),
  });

/** GET /api/conversations: its first page, latest activity first, and whether more follow. */
export const conversationsQueryOptions = conversationPageQueryOptions({ q: '', before: null });

/**
 * The page /messages lists: kept current by the event stream; a first page (searched or not) is polled every 30 s
 * only while the stream is down (spec §7, §9). While another page or search loads, the one before stays listed
 * (the search box among it).
 */
export function useConversationPage(page: ConversationPage) {
  const refetchInterval = usePollingFallback(CONVERSATIONS_POLL_MS);
  return useQuery({
    ...conversationPageQueryOptions(page),
    refetchInterval: page.before === null && refetchInterval,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/conversations/{id}: the open conversation when it is not among those listed. */
export const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: [...ROOT, 'one', conversationId],
    queryFn: ({ signal }) => api<Conversation>(`/api/conversations/${encodeURIComponent(conversationId)}`, { signal }),
  });
