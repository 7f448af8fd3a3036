import { ArrowLeft, Inbox, MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Conversation } from '#shared/conversations.js';
import { useUser } from '#client/auth/index.js';
import { cn } from '#client/lib/cn.js';
import { useHydrated } from '#client/lib/hydrated.js';
import { useEventStreamOpen } from '#client/lib/event-stream.js';
import { trackingQueryKeyRoot } from '#client/projects/index.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { Avatar } from '#client/ui/avatar.js';
import { Button } from '#client/ui/button.js';
import { Card } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { PageLinks } from '#client/ui/page-links.js';
import { Skeleton } from '#client/ui/skeleton.js';
import {
  conversationPageOf,
  conversationPageQueryOptions,
  conversationQueryOptions,
  fetchConversations,
  useConversationPage,
  type ConversationPage,
} from '../api/get-conversations.js';
import { useShowMore } from '#client/lib/paging.js';
import { mayHaveEarlier, messagesQueryOptions, useEarlierMessages, useMessages } from '../api/get-messages.js';
import { useMarkRead } from '../api/mark-read.js';
import { ConversationList, displayName } from '../components/conversation-list.js';
import { MessageComposer } from '../components/message-composer.js';
import { MESSAGES_PATH } from '../api/send-message.js';
import { MessageThread } from '../components/message-thread.js';

/**
 * What /messages shows first (app.tsx): the page of conversations the address asks for (the first; with `?q=` the
 * first of those matching, decision 048; with `?before=` the page after that one), and the one open (`?c=`) with
 * its thread, read by its id when it is not among those listed.
 */
export const messagesLoader = queryLoader(async (queryClient, { request }) => {
  const search = new URL(request.url).searchParams;
  const open = search.get('c');
  const [page] = await Promise.all([
    queryClient.ensureQueryData(conversationPageQueryOptions(conversationPageOf(search))).catch(() => null),
    open && queryClient.ensureQueryData(messagesQueryOptions(open)),
  ]);
  if (open && !page?.items.some((c) => c.id === open))
    await queryClient.ensureQueryData(conversationQueryOptions(open)).catch(() => undefined);
});

/** Spec §2 /messages: the conversation list on the left, the selected thread (about 400 px) on the right. */
export function MessagesPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const [params] = useSearchParams();
  const page = conversationPageOf(params);
  const list = useListedConversations(page);
  const selectedId = params.get('c');
  const listed = list.items.find((c) => c.id === selectedId);
  // Opened on a conversation not among those listed (a link from elsewhere, an older one): read by its id.
  const single = useQuery({
    ...conversationQueryOptions(selectedId ?? ''),
    enabled: selectedId !== null && !list.isPending && !listed,
  });
  const selected = listed ?? (selectedId !== null ? single.data : undefined) ?? null;

  return (
    <Page>
      <PageHeader
        title={t('messages:page_title')}
        description={t('messages:page_subtitle')}
        actions={<ConnectionState />}
      />
      {list.isPending || !user ? (
        <ConversationsSkeleton />
      ) : page.before === null && page.q === '' && list.items.length === 0 && !list.isPlaceholderData && !selected ? (
        <Card>
          <EmptyState
            className="border-0"
            headingLevel="h2"
            icon={Inbox}
            title={t('messages:no_conversations')}
            description={t('messages:no_conversations_hint')}
          />
        </Card>
      ) : (
        <Card className="grid overflow-hidden p-0 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <div className={cn('min-h-0 border-border md:border-r', selected && 'hidden md:flex md:flex-col')}>
            <ConversationList
              conversations={list.items}
              hasMore={list.last !== null}
              userId={user.id}
              selectedId={selectedId}
              page={page}
              footer={
                <PageLinks
                  path={MESSAGES_PATH}
                  last={list.last}
                  onShowMore={list.showMore}
                  later={page.before !== null}
                  showMoreLabel={t('messages:show_more_conversations')}
                  firstPageLabel={t('messages:newest_conversations')}
                  className="justify-center p-3"
                />
              }
            />
          </div>
          <div className={cn('min-w-0', !selected && 'hidden md:block')}>
            {selected ? (
              <ConversationPane key={selected.id} conversation={selected} userId={user.id} />
            ) : (
              <EmptyState
                className="m-4 h-[calc(100%-2rem)] border-0"
                headingLevel="h2"
                icon={MessagesSquare}
                title={t('messages:select_conversation')}
                description={t('messages:select_conversation_hint')}
              />
            )}
          </div>
        </Card>
      )}
    </Page>
  );
}

/**
 * The conversations listed: the page the address asks for (its search, where it starts), then those 'Show more'
 * adds (docs/contract.md §3.3).
 */
function useListedConversations(page: ConversationPage) {
  const shown = useConversationPage(page);
  const list = useShowMore({
    key: conversationPageQueryOptions(page).queryKey,
    fetch: (before, signal) => fetchConversations({ q: page.q, before }, signal),
    shown: shown.data?.items ?? [],
    hasMore: Boolean(shown.data?.nextBefore),
    scope: JSON.stringify(page),
  });
  return { ...list, isPending: shown.isPending, isPlaceholderData: shown.isPlaceholderData };
}

/**
 * While the list loads: the empty card's shape (icon, title line, two lines of hint), the answer a
 * first visit gets, so the page does not jump when it arrives (Lighthouse's layout shift, issue 16).
 */
function ConversationsSkeleton() {
  return (
    <Card aria-hidden className="flex flex-col items-center gap-3 px-6 py-12">
      <Skeleton className="size-12 rounded-full" />
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-10 w-full max-w-sm" />
    </Card>
  );
}

/** Other features' lists that show unread counts: marking a conversation read refreshes them too. */
const SHOWING_UNREAD = [trackingQueryKeyRoot];

function ConversationPane({ conversation, userId }: { conversation: Conversation; userId: string }) {
  const { t } = useTranslation();
  const { data: latest } = useMessages(conversation.id);
  // The newest page is live; earlier pages are read on request, before the oldest message shown at the first tap.
  const [anchor, setAnchor] = useState<string | null>(null);
  const earlier = useEarlierMessages(conversation.id, anchor);
  const shown = new Set(latest?.map((m) => m.id));
  const older = [...(earlier.data?.pages ?? [])]
    .reverse()
    .flat()
    .filter((m) => !shown.has(m.id));
  const messages = latest && [...older, ...latest];
  const hasEarlier = anchor ? earlier.hasNextPage : mayHaveEarlier(latest);
  const showEarlier = () => (anchor ? void earlier.fetchNextPage() : setAnchor(latest?.[0]?.id ?? null));
  const markRead = useMarkRead(SHOWING_UNREAD);
  const name = displayName(conversation.otherParty);
  const { mutate, isPending } = markRead;
  // Opening a conversation with unread messages marks it read, and so does a message arriving while it is open.
  useEffect(() => {
    if (conversation.unreadCount > 0 && !isPending) mutate(conversation.id);
  }, [conversation.id, conversation.unreadCount, isPending, mutate]);

  return (
    <section className="flex flex-col" aria-label={name}>
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <Button asChild variant="ghost" size="icon-sm" className="md:hidden">
          <Link to={MESSAGES_PATH} aria-label={t('messages:back_to_list')}>
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <Avatar name={name} src={conversation.otherParty.profileImageUrl} decorative />
        <div className="min-w-0">
          <p className="truncate font-semibold">{name}</p>
          <Link
            to={`/jobs/${conversation.jobId}`}
            className="block truncate text-xs font-medium text-primary hover:underline"
          >
            {conversation.jobTitle}
          </Link>
        </div>
      </header>
      <div className="h-[400px] overflow-y-auto bg-background/60">
        {hasEarlier && (
          <div className="flex justify-center pt-3">
            <Button variant="outline" size="sm" onClick={showEarlier} disabled={earlier.isFetching}>
              {t('messages:earlier_messages')}
            </Button>
          </div>
        )}
        <MessageThread messages={messages} userId={userId} />
      </div>
      <div className="border-t border-border p-3">
        <MessageComposer
          key={conversation.id}
          jobId={conversation.jobId}
          receiverId={conversation.otherParty.id}
          conversationId={conversation.id}
        />
      </div>
    </section>
  );
}

/**
 * Live while the event stream is open; otherwise the polling fallback is at work. Neither runs without scripts, so the
 * page as the server rendered it claims neither (a reader without scripts reloads to see new messages): it holds the
 * badge's place, invisible, so that the badge does not push the page down when it appears on hydration.
 */
function ConnectionState() {
  const { t } = useTranslation();
  const open = useEventStreamOpen();
  const hydrated = useHydrated();
  const badge =
    'inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground';
  if (!hydrated) {
    return (
      <span className={cn(badge, 'invisible')} aria-hidden>
        <span className="size-2" />
        {t('messages:connection_live')}
      </span>
    );
  }
  return (
    <span data-testid="connection-state" data-open={open} className={badge}>
      <span className={cn('size-2 rounded-full', open ? 'bg-success' : 'animate-pulse bg-warning')} aria-hidden />
      {open ? t('messages:connection_live') : t('messages:connection_offline')}
    </span>
  );
}
