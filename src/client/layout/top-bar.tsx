import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '#shared/auth.js';
import { useUser } from '#client/auth/index.js';
import { LOGIN_URL, LOGOUT_URL } from '#client/lib/query-client.js';
import { Avatar } from '#client/ui/avatar.js';
import { Button } from '#client/ui/button.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { CreditsBadge } from './credits-badge.js';
import { LanguageToggle } from './language-toggle.js';
import { Logo } from './logo.js';
import { MobileMenu } from './mobile-menu.js';
import { NavBadge } from './nav-badge.js';
import { AnchorLinkItem, NavLinkItem } from './nav-link-item.js';
import { LANDING_LINKS, navItemsFor } from './nav-items.js';

/** Sticky top navigation (spec §2 'Top navigation bar'). */
export function TopBar() {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-card/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Logo className="shrink-0" />
        <nav aria-label={t('common:nav_main_label')} className="ml-6 hidden items-center gap-0.5 md:flex">
          {user
            ? navItemsFor(user.role, user.isAdmin).map((item) => (
                <NavLinkItem key={item.to} to={item.to}>
                  {t(item.labelKey)}
                  {item.badge && <NavBadge kind={item.badge} />}
                </NavLinkItem>
              ))
            : LANDING_LINKS.map((item) => (
                <AnchorLinkItem key={item.to} to={item.to}>
                  {t(item.labelKey)}
                </AnchorLinkItem>
              ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageToggle />
          {user?.role === 'provider' && <CreditsBadge credits={user.credits} />}
          {isLoading ? (
            <Skeleton className="hidden h-9 w-40 md:block" />
          ) : user ? (
            <UserActions user={user} />
          ) : (
            <GuestActions />
          )}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}

function UserActions({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <div className="hidden items-center gap-3 md:flex">
      <Link
        to="/settings"
        className="flex items-center gap-2 rounded-lg pl-1 hover:bg-muted"
        data-testid="user-chip"
        title={t('common:settings_link')}
      >
        <Avatar name={`${user.firstName} ${user.lastName}`} src={user.profileImageUrl} decorative className="size-8" />
        <span className="max-w-32 truncate text-sm font-semibold">{user.firstName}</span>
      </Link>
      <Button asChild variant="outline" size="sm">
        <a href={LOGOUT_URL}>
          <LogOut aria-hidden />
          {t('common:log_out')}
        </a>
      </Button>
    </div>
  );
}

function GuestActions() {
  const { t } = useTranslation();
  return (
    <div className="hidden items-center gap-2 md:flex">
      <Button asChild variant="ghost" size="sm">
        <a href={LOGIN_URL}>{t('common:log_in')}</a>
      </Button>
      <Button asChild size="sm">
        <a href={LOGIN_URL}>{t('common:get_started')}</a>
      </Button>
    </div>
  );
}
