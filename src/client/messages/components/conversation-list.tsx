import { MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Conversation } from '#shared/conversations.js';
import { cn } from '#client/lib/cn.js';
import { formatRelativeTime } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { linkWith } from '#client/lib/paging.js';
import { Avatar } from '#client/ui/avatar.js';
import type { ConversationPage } from '../api/get-conversations.js';
import { MESSAGES_PATH } from '../api/send-message.js';
import { ConversationSearch } from './conversation-search.js';

type ConversationListProps = {
  conversations: Conversation[];
  /** More conversations follow those listed: the count says '50+'. */
  hasMore: boolean;
  /** Under the list: its 'Show more'. */
  footer: ReactNode;
  userId: string;
  selectedId: string | null;
  /** The page listed: its search and where it starts. */
  page: ConversationPage;
};

export const displayName = (party: Conversation['otherParty']) => party.businessName || party.name;

/** Spec §2 /messages, left pane: search, count badge, unread badges, name, job title, preview and date. */
export function ConversationList(props: ConversationListProps) {
  const { conversations, hasMore, userId, selectedId, page, footer } = props;
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
        <h2 className="font-semibold">{t('messages:conversations_heading')}</h2>
        <span
          data-testid="conversation-count"
          className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums"
        >
          {conversations.length}
          {hasMore && '+'}
        </span>
      </div>
      <ConversationSearch q={page.q} selectedId={selectedId} />
      {conversations.length === 0 ? (
        <p className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
          <MessageSquare className="size-4" aria-hidden />
          {/* A page past the end (?before= the last one) lists nothing: no search to blame. */}
          {page.q && page.before === null
            ? t('messages:no_matches', { search: page.q })
            : t('messages:no_more_conversations')}
        </p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={t('messages:conversations_heading')}>
          {conversations.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              userId={userId}
              selected={conversation.id === selectedId}
              // The list stays as it is (its search, its page) with the conversation open.
              to={linkWith(MESSAGES_PATH, params, { c: conversation.id })}
            />
          ))}
        </ul>
      )}
      {footer}
    </div>
  );
}

type ItemProps = { conversation: Conversation; userId: string; selected: boolean; to: string };

/** A link to the conversation (/messages?c=…, the list's own parameters kept), so it opens before scripts run too. */
function ConversationItem({ conversation, userId, selected, to }: ItemProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { lastMessage, otherParty, unreadCount } = conversation;
  const name = displayName(otherParty);
  return (
    <li>
      <Link
        to={to}
        data-testid="conversation"
        aria-current={selected || undefined}
        className={cn(
          'flex w-full items-start gap-3 border-b border-border px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
          selected && 'bg-primary-soft hover:bg-primary-soft',
        )}
      >
        <Avatar name={name} src={otherParty.profileImageUrl} decorative />
        {/* One column that may shrink: a long preview is cut with an ellipsis and the time keeps its place. */}
        <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-sm', unreadCount > 0 ? 'font-bold' : 'font-semibold')}>{name}</span>
            {lastMessage && (
              <time
                dateTime={lastMessage.createdAt}
                className="shrink-0 text-xs text-muted-foreground"
                suppressHydrationWarning
              >
                {formatRelativeTime(lastMessage.createdAt, language)}
              </time>
            )}
          </span>
          <span className="truncate text-xs font-medium text-primary-strong">{conversation.jobTitle}</span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-sm text-muted-foreground">
              {lastMessage && (
                <>
                  {lastMessage.senderId === userId && t('messages:you_prefix')}
                  {lastMessage.content}
                </>
              )}
            </span>
            {unreadCount > 0 && (
              <span
                data-testid="conversation-unread"
                aria-label={t('messages:unread_badge', { count: unreadCount })}
                className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] leading-5 font-bold text-primary-foreground tabular-nums"
              >
                {unreadCount}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
