import { MessageSquare, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { matchesConversation, type Conversation } from '#shared/conversations.js';
import { cn } from '#client/lib/cn.js';
import { formatRelativeTime } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Avatar } from '#client/ui/avatar.js';
import { Input } from '#client/ui/input.js';
import { conversationPath } from '../api/send-message.js';

type ConversationListProps = {
  conversations: Conversation[];
  /** More conversations follow those listed: the count says '50+'. */
  hasMore: boolean;
  /** Under the list: its 'Show more'. */
  footer: ReactNode;
  userId: string;
  selectedId: string | null;
  search: string;
  onSearch: (value: string) => void;
};

export const displayName = (party: Conversation['otherParty']) => party.businessName || party.name;

/** Spec §2 /messages, left pane: search, count badge, unread badges, name, job title, preview and date. */
export function ConversationList(props: ConversationListProps) {
  const { conversations, hasMore, userId, selectedId, search, onSearch, footer } = props;
  const { t } = useTranslation();
  const visible = conversations.filter((c) => matchesConversation(c, search));
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
      <div className="relative border-b border-border p-3">
        <Search
          className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-subtle-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t('messages:search_placeholder')}
          aria-label={t('messages:search_label')}
          className="pl-9"
        />
      </div>
      {visible.length === 0 ? (
        <p className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
          <MessageSquare className="size-4" aria-hidden />
          {/* A page past the end (?before= the last one) lists nothing: no search to blame. */}
          {conversations.length === 0 ? t('messages:no_more_conversations') : t('messages:no_matches', { search })}
        </p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={t('messages:conversations_heading')}>
          {visible.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              userId={userId}
              selected={conversation.id === selectedId}
            />
          ))}
        </ul>
      )}
      {footer}
    </div>
  );
}

type ItemProps = { conversation: Conversation; userId: string; selected: boolean };

/** A link to the conversation (/messages?c=…), so it opens before scripts run too. */
function ConversationItem({ conversation, userId, selected }: ItemProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { lastMessage, otherParty, unreadCount } = conversation;
  const name = displayName(otherParty);
  return (
    <li>
      <Link
        to={conversationPath(conversation.id)}
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
