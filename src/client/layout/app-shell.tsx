import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUser, VerifyEmailBanner } from '#client/auth/index.js';
import { LowBalanceBanner } from '#client/credits/index.js';
import { SIGNED_IN_NAMESPACES } from '#client/lib/i18n.js';
import { PageSpinner } from '#client/ui/spinner.js';
import { Footer } from './footer.js';
import { TopBar } from './top-bar.js';

// Live updates matter only to a signed-in user: a visitor's first screen does not load them (decision 009).
const LiveUpdates = lazy(async () => ({ default: (await import('#client/realtime/index.js')).LiveUpdates }));

/** Suspends while a signed-in user's catalogs load (lib/i18n.ts): a visitor's first screen skips them. */
function SignedInCatalogs({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  useTranslation(signedIn ? SIGNED_IN_NAMESPACES : 'common');
  return children;
}

/**
 * Marks <html> once the page has hydrated, for diagnosis: the journeys about hydration itself wait for it
 * (untilHydrated in e2e/support/browser.ts); the others act the moment a control shows, as people do. It
 * sits inside the page's Suspense boundary, so it is set when the page itself has hydrated, not only the shell
 * around it (a boundary still waiting for a signed-in user's catalogs keeps the server's HTML, whose form a click
 * would submit natively).
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Every screen: skip link, sticky top bar, the page, the footer. */
export function AppShell() {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();
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
      <Suspense fallback={<PageSpinner />}>
        <SignedInCatalogs signedIn={Boolean(user)}>
          <TopBar />
          {user && <VerifyEmailBanner user={user} />}
          {user && <LowBalanceBanner />}
          {user && (
            <Suspense fallback={null}>
              <LiveUpdates />
            </Suspense>
          )}
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            <Outlet />
          </main>
          {/* Not under a signed-in screen's loading spinner: it would jump when the page arrives (layout shift). */}
          {!isLoading && <Footer />}
          <HydratedMark />
        </SignedInCatalogs>
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
