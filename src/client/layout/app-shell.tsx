import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LiveUpdates } from '#client/realtime/live-updates.js';
import { Footer } from './footer.js';
import { TopBar } from './top-bar.js';

/** Every screen: skip link, sticky top bar, the page, the footer. */
export function AppShell() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('common:skip_to_content')}
      </a>
      {navigation.state === 'loading' && (
        <div
          className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20"
          role="progressbar"
          aria-label={t('common:loading')}
        >
          <div className="h-full w-1/3 animate-pulse bg-primary" />
        </div>
      )}
      <TopBar />
      <LiveUpdates />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
