import { lazy, Suspense } from 'react';
import type { NavItem } from './nav-items.js';

// The unread count needs the conversations query and the event stream's polling fallback: signed-in
// screens only, so it loads apart from the first screen every visitor gets (decision 009).
const NavBadgeCount = lazy(async () => ({ default: (await import('./nav-badge-count.js')).NavBadgeCount }));

/** The unread count beside 'Messages' in the top bar and the mobile menu; nothing when zero. */
export function NavBadge({ kind }: { kind: NonNullable<NavItem['badge']> }) {
  return (
    <Suspense fallback={null}>
      <NavBadgeCount kind={kind} />
    </Suspense>
  );
}
