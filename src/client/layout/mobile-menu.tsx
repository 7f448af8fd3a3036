import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '#shared/auth.js';
import { Button } from '#client/ui/button.js';

// The dialog machinery (focus trap, scroll lock) loads when the menu is first opened, not with every page.
const MobileMenuSheet = lazy(async () => ({ default: (await import('./mobile-menu-sheet.js')).MobileMenuSheet }));

/** The navigation as a side sheet under 768 px. */
export function MobileMenu({ user }: { user: User | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('common:menu_open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuSheet user={user} open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
