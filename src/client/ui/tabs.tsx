import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.js';
import { useHydrated } from '#client/lib/hydrated.js';

export const Tabs = TabsPrimitive.Root;

/** The look of a tab list and its tabs, also for tabs that are links (the login page's). */
export const TABS_LIST = 'inline-flex h-11 items-center gap-1 rounded-xl bg-muted p-1 text-muted-foreground';
export const TABS_TRIGGER =
  'inline-flex h-full flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-all hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn(TABS_LIST, className)} {...props} />;
}

/** A tab switches only through scripts: until the page has hydrated it is disabled, as Button is. */
export function TabsTrigger({ className, disabled, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const hydrated = useHydrated();
  return <TabsPrimitive.Trigger className={cn(TABS_TRIGGER, className)} disabled={disabled || !hydrated} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        'mt-6 rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
      {...props}
    />
  );
}
