import { useState } from 'react';
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

/**
 * A round picture, or the person's initials while it loads or when there is none. The image sits over
 * the initials and shows once it has loaded; a broken image leaves the initials (plain React: the landing
 * page shows avatars, and a library here cost it more than these lines).
 */
export function Avatar({ name, src, className, decorative = false }: AvatarProps) {
  const [status, setStatus] = useState<{ src: string; state: 'loaded' | 'failed' } | null>(null);
  const state = src && status?.src === src ? status.state : 'loading';
  const showImage = Boolean(src) && state === 'loaded';
  return (
    <span
      aria-hidden={decorative || undefined}
      className={cn(
        'relative inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-primary-soft ring-1 ring-border',
        className,
      )}
    >
      {src && state !== 'failed' && (
        <img
          src={src}
          alt={decorative ? '' : name}
          loading="lazy"
          decoding="async"
          onLoad={() => setStatus({ src, state: 'loaded' })}
          onError={() => setStatus({ src, state: 'failed' })}
          className={cn('absolute inset-0 size-full object-cover', !showImage && 'opacity-0')}
        />
      )}
      {!showImage && (
        <span
          className="flex size-full items-center justify-center text-[0.8em] font-semibold text-primary-strong"
          aria-label={decorative ? undefined : name}
          role={decorative ? undefined : 'img'}
        >
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
