import { Send } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_MAX_LENGTH } from '#shared/conversations.js';
import { errorMessage } from '#client/lib/errors.js';
import { useFormFailure } from '#client/lib/forms.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { conversationPath, MESSAGES_PATH, SEND_MESSAGE_INTENT, useSendMessage } from '../api/send-message.js';

type ComposerProps = {
  jobId: string;
  receiverId: string;
  /** The conversation it writes in, when there is one yet (its page is where a refusal is drawn). */
  conversationId?: string;
  autoFocus?: boolean;
};

const FIELDS = ['content'] as const;

/**
 * The message input: Enter sends, Shift+Enter adds a line; blank text is never sent, and what is sent is trimmed.
 * A form posted to the /messages route's action by the browser itself before scripts run (or without them), with
 * the refusal drawn here (docs/decisions/030); with scripts it is sent in place, and the sent message's
 * conversation opens on /messages.
 */
export function MessageComposer({ jobId, receiverId, conversationId, autoFocus = false }: ComposerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useSendMessage();
  const failure = useFormFailure(FIELDS, 'messages:send_failed');
  const refused = failure.values.intent === SEND_MESSAGE_INTENT ? failure : null;
  // Uncontrolled (decision 030, 'Fields typed before hydration'): what was typed before the page hydrated is sent.
  const field = useRef<HTMLTextAreaElement>(null);
  const pending = send.isPending;

  const submit = () => {
    const box = field.current;
    const trimmed = box?.value.trim() ?? '';
    if (!box || !trimmed || pending) return;
    // Cleared at once so the next message can be typed; put back if sending fails and nothing new was typed.
    box.value = '';
    send.mutate(
      { jobId, receiverId, content: trimmed },
      {
        onSuccess: (message) => {
          if (message.conversationId !== conversationId) void navigate(conversationPath(message.conversationId));
        },
        onError: (error) => {
          if (field.current && !field.current.value) field.current.value = trimmed;
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

  // The refusal of a form the browser posted itself (scripts tell theirs in a notice).
  const reason = refused && (refused.formError ?? refused.fieldError('content'));
  return (
    <form
      method="post"
      action={conversationId ? conversationPath(conversationId) : MESSAGES_PATH}
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {reason && <Alert variant="destructive">{reason}</Alert>}
      <input type="hidden" name="intent" value={SEND_MESSAGE_INTENT} />
      <input type="hidden" name="jobId" value={jobId} />
      <input type="hidden" name="receiverId" value={receiverId} />
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-1">
          <Textarea
            name="content"
            rows={2}
            ref={field}
            defaultValue={refused?.values.content ?? ''}
            maxLength={MESSAGE_MAX_LENGTH}
            autoFocus={autoFocus}
            onKeyDown={onKeyDown}
            placeholder={t('messages:input_placeholder')}
            aria-label={t('messages:input_label')}
            className="min-h-11 resize-none"
          />
          <span className="hidden text-[11px] text-subtle-foreground sm:block">{t('messages:send_hint')}</span>
        </div>
        <Button type="submit" disabled={pending} className="mb-0 sm:mb-5">
          <Send aria-hidden />
          {pending ? t('messages:sending') : t('messages:send')}
        </Button>
      </div>
    </form>
  );
}
