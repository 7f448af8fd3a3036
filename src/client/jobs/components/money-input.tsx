import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.js';
import { Input } from '#client/ui/input.js';

/** A dollar amount typed as text ("1500" or "1500.50"); the shared money schema checks it. */
export function MoneyInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="relative">
      <span
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
        aria-hidden
      >
        $
      </span>
      <Input type="text" inputMode="decimal" autoComplete="off" className={cn('pl-7', className)} {...props} />
    </div>
  );
}
