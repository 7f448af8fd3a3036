import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.js';

const alertVariants = cva('flex gap-3 rounded-xl border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    variant: {
      info: 'border-info/20 bg-info-soft text-info-strong',
      success: 'border-success/20 bg-success-soft text-success-strong',
      destructive: 'border-destructive/25 bg-destructive-soft text-destructive-strong',
    },
  },
  defaultVariants: { variant: 'info' },
});

const icons = { info: Info, success: CircleCheck, destructive: CircleAlert } as const;

export type AlertProps = ComponentProps<'div'> & VariantProps<typeof alertVariants>;

/** An inline message box; destructive ones are announced (role="alert"). */
export function Alert({ className, variant, children, ...props }: AlertProps) {
  const Icon = icons[variant ?? 'info'];
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon aria-hidden />
      <div className="grid gap-1">{children}</div>
    </div>
  );
}
