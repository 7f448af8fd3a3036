import type { UserRole } from '#shared/auth.js';

export type NavItem = {
  to: string;
  labelKey: string;
  roles: readonly UserRole[];
  adminOnly?: boolean;
  /** A count shown beside the label. */
  badge?: 'unread_messages';
};

/**
 * The logged-in navigation (spec §2 'Top navigation bar'). Only routes that exist are listed:
 * Find Providers, Messages and Projects join this list when their features ship.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'common:nav_home', roles: ['customer', 'provider'] },
  { to: '/post-job', labelKey: 'common:nav_post_job', roles: ['customer'] },
  { to: '/dashboard', labelKey: 'common:nav_dashboard', roles: ['provider'] },
  { to: '/find-providers', labelKey: 'common:nav_find_providers', roles: ['customer', 'provider'] },
  { to: '/messages', labelKey: 'messages:nav_messages', roles: ['customer', 'provider'], badge: 'unread_messages' },
  { to: '/projects', labelKey: 'projects:nav_projects', roles: ['customer', 'provider'] },
  { to: '/admin', labelKey: 'promo:nav_admin', roles: ['customer', 'provider'], adminOnly: true },
];

/** The logged-out links are anchors into the landing page's sections. */
export const LANDING_LINKS: readonly { to: string; labelKey: string }[] = [
  { to: '/#how-it-works', labelKey: 'common:nav_how_it_works' },
  { to: '/#recent-jobs', labelKey: 'common:nav_find_jobs' },
  { to: '/#for-providers', labelKey: 'common:nav_for_providers' },
  { to: '/#pricing', labelKey: 'common:nav_pricing' },
];

export function navItemsFor(role: UserRole, isAdmin = false): NavItem[] {
  return NAV_ITEMS.filter((item) => item.roles.includes(role) && (isAdmin || !item.adminOnly));
}
