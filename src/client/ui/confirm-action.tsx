import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '#client/ui/button.js';

type ConfirmActionProps = {
  label: ReactNode;
  question: string;
  /** The safe answer's words (the caller's: this room has no product words). */
  cancelLabel: ReactNode;
  pending?: boolean;
  variant?: ButtonProps['variant'];
} & (
  | { onConfirm: () => void; submit?: never; asking?: never }
  | {
      onConfirm?: never;
      /**
       * The buttons are the enclosing form's (docs/decisions/030): the answer 'yes' is sent as `confirm=yes`.
       * Before scripts (or without them) the first click posts the form without it, and the route's action
       * answers with the question open (`asking`); 'cancel' posts `cancel` and closes it again.
       */
      submit: true;
      asking?: boolean;
    }
);

/**
 * A button that asks once, in place, before an action that cannot be undone. The question takes focus
 * when it opens (on its safe answer, so Enter never confirms by accident) and gives it back to the
 * button when cancelled, with Escape too.
 */
export function ConfirmAction({
  label,
  question,
  cancelLabel,
  onConfirm,
  pending = false,
  variant = 'outline',
  submit,
  asking: askingAtFirst = false,
}: ConfirmActionProps) {
  const [asking, setAsking] = useState(askingAtFirst);
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
      <Button
        ref={trigger}
        type={submit ? 'submit' : 'button'}
        variant={variant}
        size="sm"
        onClick={(event) => {
          event.preventDefault();
          setAsking(true);
        }}
        disabled={pending}
      >
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
      {submit && <input type="hidden" name="confirm" value="yes" />}
      <div className="flex flex-wrap gap-2">
        <Button
          type={submit ? 'submit' : 'button'}
          size="sm"
          variant={variant === 'outline' ? 'default' : variant}
          disabled={pending}
          onClick={onConfirm}
        >
          {label}
        </Button>
        <Button
          ref={cancel}
          type={submit ? 'submit' : 'button'}
          name={submit ? 'cancel' : undefined}
          value={submit ? '1' : undefined}
          size="sm"
          variant="ghost"
          onClick={(event) => {
            event.preventDefault();
            setAsking(false);
          }}
        >
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
