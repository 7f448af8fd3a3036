import { Check, CheckCheck, MessagesSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/conversations.js';
import { cn } from '#client/lib/cn.js';
import { formatRelativeTime } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Skeleton } from '#client/ui/skeleton.js';

/** The thread, oldest first, scrolled to the newest; own messages on the right with read ticks. */
export function MessageThread({ messages, userId }: { messages: Message[] | undefined; userId: string }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  // Down to the newest when it changes (a message sent or received), not when earlier pages are added above.
  const newest = messages?.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  if (!messages) {
    return (
      <div className="grid gap-3 p-4" aria-busy>
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="ml-auto h-12 w-1/2" />
      </div>
    );
  }
  if (messages.length === 0) {
    return (
      <EmptyState
        headingLevel="h2"
        className="m-4 border-0"
        icon={MessagesSquare}
        title={t('messages:no_messages')}
        description={t('messages:no_messages_hint')}
      />
    );
  }
  return (
    <ol className="grid content-start gap-3 p-4" data-testid="message-thread">
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} own={message.senderId === userId} />
      ))}
      <div ref={end} />
    </ol>
  );
}

function MessageBubble({ message, own }: { message: Message; own: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const Tick = message.isRead ? CheckCheck : Check;
  return (
    <li data-testid="message" className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-xs sm:max-w-[70%]',
          own ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
        <p
          className={cn(
            'mt-1 flex items-center justify-end gap-1 text-[11px]',
            own ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          <time dateTime={message.createdAt} suppressHydrationWarning>
            {formatRelativeTime(message.createdAt, language)}
          </time>
          {own && (
            <Tick
              className="size-3.5"
              data-testid={message.isRead ? 'tick-read' : 'tick-sent'}
              aria-label={message.isRead ? t('messages:read') : t('messages:sent')}
            />
          )}
        </p>
      </div>
    </li>
  );
}
