import { LogOut } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '#shared/auth.js';
import { LOGIN_URL, LOGOUT_URL } from '#client/lib/query-client.js';
import { Avatar } from '#client/ui/avatar.js';
import { Button } from '#client/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/ui/dialog.js';
import { Separator } from '#client/ui/separator.js';
import { NavBadge } from './nav-badge.js';
import { AnchorLinkItem, NavLinkItem } from './nav-link-item.js';
import { LANDING_LINKS, navItemsFor } from './nav-items.js';

type MobileMenuSheetProps = {
  user: User | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, focused again when the sheet closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/** The side sheet of the mobile menu: its own chunk, loaded when the menu first opens. */
export function MobileMenuSheet({ user, open, onOpenChange, triggerRef }: MobileMenuSheetProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        layout="sheet"
        className="flex flex-col gap-6"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
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
        {user && (
          // The top bar's user chip leads to settings on wide screens; on a phone it is here.
          <NavLinkItem to="/settings" stacked onNavigate={close}>
            {t('common:settings_link')}
          </NavLinkItem>
        )}
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
