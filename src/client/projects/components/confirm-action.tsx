import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '#client/ui/button.js';

type ConfirmActionProps = {
  label: ReactNode;
  question: string;
  onConfirm: () => void;
  pending?: boolean;
  variant?: ButtonProps['variant'];
};

/**
 * A button that asks once, in place, before an action that cannot be undone. The question takes focus
 * when it opens (on its safe answer, so Enter never confirms by accident) and gives it back to the
 * button when cancelled, with Escape too.
 */
export function ConfirmAction({
  label,
  question,
  onConfirm,
  pending = false,
  variant = 'outline',
}: ConfirmActionProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (wasAsking.current) trigger.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <Button ref={trigger} variant={variant} size="sm" onClick={() => setAsking(true)} disabled={pending}>
        {label}
      </Button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
      className="grid w-full gap-2 rounded-xl border border-border bg-muted/60 p-3"
    >
      <p className="text-sm">{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant={variant === 'outline' ? 'default' : variant} disabled={pending} onClick={onConfirm}>
          {label}
        </Button>
        <Button ref={cancel} size="sm" variant="ghost" onClick={() => setAsking(false)}>
          {t('projects:cancel_keep')}
        </Button>
      </div>
    </div>
  );
}
