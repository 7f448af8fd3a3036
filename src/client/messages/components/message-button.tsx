import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '#client/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/ui/dialog.js';
import { MessageComposer } from './message-composer.js';

type MessageButtonProps = {
  jobId: string;
  jobTitle: string;
  receiverId: string;
  receiverName: string;
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
};

/** 'Message' on the job page and projects: write the first (or next) message, then continue in /messages. */
export function MessageButton({
  jobId,
  jobTitle,
  receiverId,
  receiverName,
  label,
  variant = 'outline',
  size = 'sm',
}: MessageButtonProps) {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant={variant} size={size} data-testid="message-button">
          <MessageSquare aria-hidden />
          {label ?? t('messages:message_button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('messages:dialog_title', { name: receiverName })}</DialogTitle>
          <DialogDescription>{t('messages:dialog_description', { jobTitle })}</DialogDescription>
        </DialogHeader>
        {/* Once sent, its action opens the conversation on /messages. */}
        <MessageComposer jobId={jobId} receiverId={receiverId} autoFocus />
      </DialogContent>
    </Dialog>
  );
}
