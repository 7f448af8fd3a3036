import { useTranslation } from 'react-i18next';
import { useUnreadTotal } from '#client/messages/index.js';
import type { NavItem } from './nav-items.js';

/** The unread count beside 'Messages' in the top bar and the mobile menu; nothing when zero. */
export function NavBadgeCount({ kind }: { kind: NonNullable<NavItem['badge']> }) {
  const { t } = useTranslation();
  const unread = useUnreadTotal(kind === 'unread_messages');
  if (unread === 0) return null;
  return (
    <span
      data-testid="nav-unread"
      aria-label={t('messages:unread_badge', { count: unread })}
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[11px] leading-5 font-bold text-white tabular-nums"
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
