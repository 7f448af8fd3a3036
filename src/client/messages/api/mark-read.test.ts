import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '#shared/conversations.js';
import type { Page } from '#client/lib/paging.js';
import {
  conversationPageQueryOptions,
  conversationQueryOptions,
  conversationsQueryOptions,
} from './get-conversations.js';
import { unreadTotalQueryOptions } from './get-unread-total.js';
import { markReadInCache } from './mark-read.js';

const conversation = (id: string, unreadCount: number): Conversation => ({
  id,
  jobId: `job-${id}`,
  jobTitle: `Job ${id}`,
  unreadCount,
  otherParty: { id: `u-${id}`, name: `User ${id}`, businessName: null, profileImageUrl: null },
  lastMessage: null,
});

describe('marking a conversation read in the cache', () => {
  it('clears its unread count in every cached shape, and only its own', () => {
    const client = new QueryClient();
    const first: Page<Conversation> = { items: [conversation('a', 3), conversation('b', 2)], nextBefore: 'b' };
    const searched: Page<Conversation> = { items: [conversation('a', 3)], nextBefore: null };
    const more: InfiniteData<Page<Conversation>> = {
      pages: [{ items: [conversation('c', 1), conversation('a', 3)], nextBefore: null }],
      pageParams: ['b'],
    };
    client.setQueryData(conversationsQueryOptions.queryKey, first);
    client.setQueryData(conversationPageQueryOptions({ q: 'job', before: null }).queryKey, searched);
    client.setQueryData([...conversationsQueryOptions.queryKey, 'more', 'b'], more);
    client.setQueryData(conversationQueryOptions('a').queryKey, conversation('a', 3));
    client.setQueryData(unreadTotalQueryOptions.queryKey, { total: 6 });

    markReadInCache(client, 'a');

    const unread = (page: Page<Conversation> | undefined) => page?.items.map((c) => [c.id, c.unreadCount]);
    expect(unread(client.getQueryData(conversationsQueryOptions.queryKey))).toEqual([
      ['a', 0],
      ['b', 2],
    ]);
    expect(unread(client.getQueryData(conversationPageQueryOptions({ q: 'job', before: null }).queryKey))).toEqual([
      ['a', 0],
    ]);
    const added = client.getQueryData<InfiniteData<Page<Conversation>>>([
      ...conversationsQueryOptions.queryKey,
      'more',
      'b',
    ]);
    expect(unread(added?.pages[0])).toEqual([
      ['c', 1],
      ['a', 0],
    ]);
    expect(client.getQueryData<Conversation>(conversationQueryOptions('a').queryKey)?.unreadCount).toBe(0);
    // The total is the server's to tell (the invalidation after the mark-read refetches it).
    expect(client.getQueryData(unreadTotalQueryOptions.queryKey)).toEqual({ total: 6 });
  });
});
