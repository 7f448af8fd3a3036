import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  RouterProvider,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { RequireAuth } from '#client/auth/require-auth.js';
import { routeContext } from '#client/lib/route-context.js';
import { EntryPage } from '#client/landing/entry-page.js';
import { AppShell } from '#client/layout/app-shell.js';
import { languageAction } from '#client/layout/language-toggle.js';
import { PageSpinner } from '#client/ui/spinner.js';

// Route-level code splitting: each feature page is its own chunk. The same table renders the public pages at
// build time (prerender.tsx, DESIGN.md §1 'First paint').
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, Component: EntryPage },
      {
        path: 'login',
        lazy: {
          Component: async () => (await import('#client/auth/login-page.js')).LoginPage,
          action: async () => (await import('#client/auth/login-page.js')).loginAction,
        },
      },
      {
        path: 'forgot-password',
        lazy: {
          Component: async () => (await import('#client/auth/password-reset-pages.js')).ForgotPasswordPage,
          action: async () => (await import('#client/auth/password-reset-pages.js')).forgotPasswordAction,
        },
      },
      {
        path: 'reset-password',
        lazy: {
          Component: async () => (await import('#client/auth/password-reset-pages.js')).ResetPasswordPage,
          action: async () => (await import('#client/auth/password-reset-pages.js')).resetPasswordAction,
        },
      },
      {
        // The language toggle's form when the browser sends it itself (layout/language-toggle.tsx).
        path: 'language',
        loader: () => redirect('/'),
        action: languageAction,
      },
      {
        path: 'verify-email',
        lazy: { Component: async () => (await import('#client/auth/verify-email-page.js')).VerifyEmailPage },
      },
      { path: 'terms', lazy: { Component: async () => (await import('#client/legal/terms-page.js')).TermsPage } },
      { path: 'privacy', lazy: { Component: async () => (await import('#client/legal/privacy-page.js')).PrivacyPage } },
      {
        Component: RequireAuth,
        lazy: { loader: async () => (await import('#client/messages/api/get-conversations.js')).signedInFrameLoader },
        children: [
          {
            path: 'post-job',
            lazy: {
              Component: async () => (await import('#client/jobs/pages/post-job-page.js')).PostJobPage,
              loader: async () => (await import('#client/jobs/pages/post-job-page.js')).postJobLoader,
              action: async () => (await import('#client/jobs/api/create-job.js')).postJobAction,
            },
          },
          {
            path: 'jobs/:id',
            lazy: {
              Component: async () => (await import('#client/jobs/pages/job-detail-page.js')).JobDetailPage,
              loader: async () => (await import('#client/jobs/pages/job-detail-page.js')).jobLoader,
              action: async () => (await import('#client/jobs/pages/job-detail-page.js')).jobAction,
            },
          },
          {
            path: 'dashboard',
            lazy: {
              Component: async () => (await import('#client/jobs/pages/dashboard-page.js')).DashboardPage,
              loader: async () => (await import('#client/jobs/pages/dashboard-page.js')).dashboardLoader,
            },
          },
          {
            path: 'provider-dashboard',
            lazy: {
              Component: async () =>
                (await import('#client/bids/pages/provider-dashboard-page.js')).ProviderDashboardPage,
              loader: async () =>
                (await import('#client/bids/pages/provider-dashboard-page.js')).providerDashboardLoader,
            },
          },
          {
            path: 'admin',
            lazy: {
              Component: async () => (await import('#client/admin/pages/admin-page.js')).AdminPage,
              loader: async () => (await import('#client/admin/pages/admin-page.js')).adminLoader,
            },
          },
          {
            path: 'buy-credits',
            lazy: {
              Component: async () => (await import('#client/credits/pages/buy-credits-page.js')).BuyCreditsPage,
              loader: async () => (await import('#client/credits/pages/buy-credits-page.js')).buyCreditsLoader,
              action: async () => (await import('#client/promo/api/redeem-promo-code.js')).redeemPromoAction,
            },
          },
          {
            path: 'messages',
            lazy: {
              Component: async () => (await import('#client/messages/pages/messages-page.js')).MessagesPage,
              loader: async () => (await import('#client/messages/pages/messages-page.js')).messagesLoader,
              action: async () => (await import('#client/messages/api/send-message.js')).sendMessageAction,
            },
          },
          {
            path: 'projects',
            lazy: {
              Component: async () => (await import('#client/projects/pages/projects-page.js')).ProjectsPage,
              loader: async () => (await import('#client/projects/pages/projects-page.js')).projectsLoader,
            },
          },
          {
            path: 'checkout',
            lazy: {
              Component: async () => (await import('#client/credits/pages/checkout-page.js')).CheckoutPage,
              loader: async () => (await import('#client/credits/pages/checkout-page.js')).checkoutLoader,
            },
          },
          {
            path: 'settings',
            lazy: { Component: async () => (await import('#client/auth/settings-page.js')).SettingsPage },
          },
          {
            path: 'business-profile',
            lazy: {
              Component: async () =>
                (await import('#client/business-profiles/pages/business-profile-page.js')).BusinessProfilePage,
              loader: async () =>
                (await import('#client/business-profiles/pages/business-profile-page.js')).businessProfileLoader,
            },
          },
          {
            path: 'find-providers',
            lazy: {
              Component: async () =>
                (await import('#client/business-profiles/pages/find-providers-page.js')).FindProvidersPage,
              loader: async () =>
                (await import('#client/business-profiles/pages/find-providers-page.js')).findProvidersLoader,
            },
          },
          {
            path: 'provider/:id',
            lazy: {
              Component: async () => (await import('#client/business-profiles/pages/provider-page.js')).ProviderPage,
              loader: async () => (await import('#client/business-profiles/pages/provider-page.js')).providerLoader,
            },
          },
        ],
      },
      { path: '*', lazy: { Component: async () => (await import('#client/layout/not-found-page.js')).NotFoundPage } },
    ],
  },
];

/** Pages only for a visitor nobody signed in as: a signed-in user gets the app's shell there, which moves on. */
export const GUEST_ONLY_PATHS = ['/login', '/forgot-password', '/reset-password'];

/** Paths whose page is rendered at build time, in every language, for a visitor nobody signed in as. */
export const PRERENDERED_PAGES = { landing: '/', login: '/login', terms: '/terms', privacy: '/privacy' } as const;

/**
 * Loads the code of the routes matching `path` (their `lazy` parts) into the route objects, so that the
 * router starts initialized and its first render is the page itself: what hydration of a page rendered at
 * build time needs (with a lazy route still pending, the router would render HydrateFallback first).
 */
export async function loadMatchedRoutes(path: string): Promise<void> {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    const lazy = route.lazy;
    if (!lazy || typeof lazy === 'function') continue;
    const loaded = await Promise.all(
      Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => Promise<unknown>)()] as const),
    );
    Object.assign(route, Object.fromEntries(loaded));
    delete route.lazy;
  }
}

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return <RouterProvider router={router} />;
}

/** The browser's router: loaders and actions work with `queryClient`; a rendered page's data starts it. */
export const createAppRouter = (queryClient: QueryClient, hydrationData?: HydrationState) =>
  createBrowserRouter(routes, { hydrationData, getContext: () => routeContext(queryClient) });
