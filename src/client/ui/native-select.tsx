import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.js';
import { controlClass } from './input.js';

/** A styled native <select>: the simplest accessible choice for forms. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(controlClass, 'h-10 cursor-pointer appearance-none pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}
