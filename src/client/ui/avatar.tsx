import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '#client/lib/cn.js';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase();
}

type AvatarProps = {
  /** Used for the alt text and the initials fallback. */
  name: string;
  src?: string | null;
  className?: string;
  /** Hide from screen readers when the name is already written beside it. */
  decorative?: boolean;
};

/** A round picture, or the person's initials while it loads or when there is none. */
export function Avatar({ name, src, className, decorative = false }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      aria-hidden={decorative || undefined}
      className={cn(
        'relative inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-primary-soft ring-1 ring-border',
        className,
      )}
    >
      {src && <AvatarPrimitive.Image src={src} alt={decorative ? '' : name} className="size-full object-cover" />}
      <AvatarPrimitive.Fallback
        delayMs={src ? 400 : 0}
        className="flex size-full items-center justify-center text-[0.8em] font-semibold text-primary-strong"
        aria-label={decorative ? undefined : name}
        role={decorative ? undefined : 'img'}
      >
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
