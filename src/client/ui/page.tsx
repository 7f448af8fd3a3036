import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#client/lib/cn.js';

const widths = { narrow: 'max-w-3xl', default: 'max-w-6xl', wide: 'max-w-7xl' } as const;

type PageProps = ComponentProps<'div'> & { width?: keyof typeof widths };

/** The content column every screen sits in: one max width and padding. */
export function Page({ className, width = 'default', ...props }: PageProps) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-10 lg:px-8', widths[width], className)} {...props} />
  );
}

type PageHeaderProps = { title: ReactNode; description?: ReactNode; actions?: ReactNode; className?: string };

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="grid gap-1.5">
        <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
