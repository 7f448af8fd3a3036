import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from '#client/lib/cn.js';

type NavLinkItemProps = { to: string; children: ReactNode; stacked?: boolean; onNavigate?: () => void };

export function NavLinkItem({ to, children, stacked = false, onNavigate }: NavLinkItemProps) {
  return (
    <NavLink
      to={to}
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'rounded-lg font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          stacked ? 'flex h-11 items-center px-3 text-base' : 'px-3 py-2 text-sm',
          isActive
            ? 'bg-primary-soft text-primary-strong'
            : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        )
      }
    >
      {children}
    </NavLink>
  );
}

/** An in-page anchor of the landing page; never highlighted as the current page. */
export function AnchorLinkItem({ to, children, stacked = false, onNavigate }: NavLinkItemProps) {
  return (
    <Link
      to={to}
      onClick={onNavigate}
      className={cn(
        'rounded-lg font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        stacked ? 'flex h-11 items-center px-3 text-base' : 'px-3 py-2 text-sm',
      )}
    >
      {children}
    </Link>
  );
}
