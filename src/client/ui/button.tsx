import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.js';
import { useHydrated } from '#client/lib/hydrated.js';

export const buttonVariants = cva(
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg text-sm font-semibold whitespace-nowrap transition-colors duration-150 select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        outline: 'border border-border-strong bg-card text-foreground shadow-xs hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        destructive: 'bg-destructive text-white shadow-sm hover:bg-destructive-strong',
        link: 'h-auto px-0 text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3 text-[13px]',
        default: 'h-10 px-4',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
        'icon-sm': 'size-8',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0' }],
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * A button, or with `asChild` its child (a link) dressed as one. A plain button (type "button") does something
 * only through scripts, so on a page that arrived rendered it is disabled until the page has hydrated: visibly
 * not yet actionable rather than dropping the click (docs/decisions/030). A submit button posts its form natively.
 */
export function Button({ className, variant, size, asChild = false, type, disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  const Component = asChild ? Slot.Root : 'button';
  const buttonType = asChild ? type : (type ?? 'button');
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), className)}
      type={buttonType}
      disabled={disabled || (!asChild && buttonType === 'button' && !hydrated) || undefined}
      {...props}
    />
  );
}
