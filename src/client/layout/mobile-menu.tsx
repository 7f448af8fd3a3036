import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '#shared/auth.js';
import { LOGIN_URL, LOGOUT_URL } from '#client/lib/query-client.js';
import { Avatar } from '#client/ui/avatar.js';
import { Button } from '#client/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/ui/dialog.js';
import { Separator } from '#client/ui/separator.js';
import { NavBadge } from './nav-badge.js';
import { AnchorLinkItem, NavLinkItem } from './nav-link-item.js';
import { LANDING_LINKS, navItemsFor } from './nav-items.js';

/** The navigation as a side sheet under 768 px. */
export function MobileMenu({ user }: { user: User | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('common:menu_open')}>
          <Menu className="size-5" aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent layout="sheet" className="flex flex-col gap-6">
        <div>
          <DialogTitle className="text-base">{t('common:menu_title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('common:menu_description')}</DialogDescription>
        </div>
        {user && (
          <div className="flex items-center gap-3 rounded-xl bg-muted p-3">
            <Avatar
              name={`${user.firstName} ${user.lastName}`}
              src={user.profileImageUrl}
              decorative
              className="size-10"
            />
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.firstName}</p>
              <p className="truncate text-[13px] text-muted-foreground">{user.email}</p>
            </div>
          </div>
        )}
        <nav aria-label={t('common:nav_main_label')} className="grid gap-1">
          {user
            ? navItemsFor(user.role, user.isAdmin).map((item) => (
                <NavLinkItem key={item.to} to={item.to} stacked onNavigate={close}>
                  {t(item.labelKey)}
                  {item.badge && <NavBadge kind={item.badge} />}
                </NavLinkItem>
              ))
            : LANDING_LINKS.map((item) => (
                <AnchorLinkItem key={item.to} to={item.to} stacked onNavigate={close}>
                  {t(item.labelKey)}
                </AnchorLinkItem>
              ))}
        </nav>
        <Separator />
        <div className="mt-auto grid gap-2">
          {user ? (
            <Button asChild variant="outline">
              <a href={LOGOUT_URL}>
                <LogOut aria-hidden />
                {t('common:log_out')}
              </a>
            </Button>
          ) : (
            <>
              <Button asChild>
                <a href={LOGIN_URL}>{t('common:get_started')}</a>
              </Button>
              <Button asChild variant="outline">
                <a href={LOGIN_URL}>{t('common:log_in')}</a>
              </Button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
