import { Send } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '#shared/conversations.js';
import { errorMessage } from '#client/lib/errors.js';
import { Button } from '#client/ui/button.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { useSendMessage } from '../api/send-message.js';

type ComposerProps = {
  jobId: string;
  receiverId: string;
  onSent?: (conversationId: string) => void;
  autoFocus?: boolean;
};

/** The message input: Enter sends, Shift+Enter adds a line; blank text is never sent, and what is sent is trimmed. */
export function MessageComposer({ jobId, receiverId, onSent, autoFocus = false }: ComposerProps) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const send = useSendMessage();
  const trimmed = content.trim();
  const canSend = trimmed.length > 0 && !send.isPending;

  const submit = () => {
    if (!canSend) return;
    // Cleared at once so the next message can be typed; put back if sending fails.
    setContent('');
    send.mutate(
      { jobId, receiverId, content: trimmed },
      {
        onSuccess: (message) => onSent?.(message.conversationId),
        onError: (error) => {
          setContent((current) => current || trimmed);
          toast({
            title: t('messages:error_title'),
            description: errorMessage(error, t, 'messages:send_failed'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid flex-1 gap-1">
        <Textarea
          rows={2}
          value={content}
          maxLength={MESSAGE_MAX_LENGTH}
          autoFocus={autoFocus}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('messages:input_placeholder')}
          aria-label={t('messages:input_label')}
          className="min-h-11 resize-none"
        />
        <span className="hidden text-[11px] text-subtle-foreground sm:block">{t('messages:send_hint')}</span>
      </div>
      <Button type="submit" disabled={!canSend} className="mb-0 sm:mb-5">
        <Send aria-hidden />
        {send.isPending ? t('messages:sending') : t('messages:send')}
      </Button>
    </form>
  );
}
