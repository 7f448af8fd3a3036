import { Slot } from 'radix-ui';
import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.js';
import { Label } from './label.js';

type FieldProps = {
  label: ReactNode;
  /** The control's id; generated when omitted. */
  htmlFor?: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Exactly one control element; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
};

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({ label, htmlFor, error, hint, required, className, children }: FieldProps) {
  const generated = useId();
  const id = htmlFor ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-destructive" aria-hidden>
            *
          </span>
        )}
      </Label>
      <Slot.Root
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      >
        {children}
      </Slot.Root>
      {hint && !error && (
        <p id={hintId} className="text-[13px] text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
