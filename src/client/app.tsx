import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  RouterProvider,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { RequireAuth } from '#client/auth/index.js';
import { routeContext } from '#client/lib/route-context.js';
import { EntryPage } from '#client/landing/entry-page.js';
import { AppShell, languageAction } from '#client/layout/index.js';
import { PageSpinner } from '#client/ui/spinner.js';

/**
 * A route's lazy parts (`Component`, `loader`, `action`) from one module: one dynamic import for them all, so the
 * entry holds one list of the chunks to preload per module, not one per part.
 */
function fromModule<Module>(
  load: () => Promise<Module>,
  names: Partial<Record<'Component' | 'loader' | 'action', keyof Module>>,
): LazyParts {
  const parts: Record<string, () => Promise<unknown>> = {};
  for (const [part, name] of Object.entries(names)) parts[part] = async () => (await load())[name as keyof Module];
  return parts as LazyParts;
}
type LazyParts = Exclude<NonNullable<RouteObject['lazy']>, (...args: never[]) => unknown>;

// Route-level code splitting: each feature page is its own chunk. The same table renders the public pages at
// build time (prerender.tsx, docs/contract.md §1 'First paint').
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, Component: EntryPage },
      {
        path: 'login',
        lazy: fromModule(() => import('#client/auth/login-page.js'), { Component: 'LoginPage', action: 'loginAction' }),
      },
      {
        path: 'forgot-password',
        lazy: fromModule(() => import('#client/auth/password-reset-pages.js'), {
          Component: 'ForgotPasswordPage',
          action: 'forgotPasswordAction',
        }),
      },
      {
        path: 'reset-password',
        lazy: fromModule(() => import('#client/auth/password-reset-pages.js'), {
          Component: 'ResetPasswordPage',
          action: 'resetPasswordAction',
        }),
      },
      {
        // The language toggle's form when the browser sends it itself (layout/language-toggle.tsx).
        path: 'language',
        loader: () => redirect('/'),
        action: languageAction,
      },
      {
        path: 'verify-email',
        lazy: fromModule(() => import('#client/auth/verify-email-page.js'), {
          Component: 'VerifyEmailPage',
          action: 'verifyEmailAction',
        }),
      },
      { path: 'terms', lazy: fromModule(() => import('#client/legal/terms-page.js'), { Component: 'TermsPage' }) },
      {
        path: 'privacy',
        lazy: fromModule(() => import('#client/legal/privacy-page.js'), { Component: 'PrivacyPage' }),
      },
      {
        Component: RequireAuth,
        lazy: fromModule(() => import('#client/messages/api/get-unread-total.js'), { loader: 'signedInFrameLoader' }),
        children: [
          {
            path: 'post-job',
            lazy: {
              ...fromModule(() => import('#client/jobs/pages/post-job-page.js'), {
                Component: 'PostJobPage',
                loader: 'postJobLoader',
              }),
              ...fromModule(() => import('#client/jobs/api/create-job.js'), { action: 'postJobAction' }),
            },
          },
          {
            path: 'jobs/:id',
            lazy: fromModule(() => import('#client/jobs/pages/job-detail-page.js'), {
              Component: 'JobDetailPage',
              loader: 'jobLoader',
              action: 'jobAction',
            }),
          },
          {
            path: 'dashboard',
            lazy: fromModule(() => import('#client/jobs/pages/dashboard-page.js'), {
              Component: 'DashboardPage',
              loader: 'dashboardLoader',
            }),
          },
          {
            path: 'provider-dashboard',
            lazy: fromModule(() => import('#client/bids/pages/provider-dashboard-page.js'), {
              Component: 'ProviderDashboardPage',
              loader: 'providerDashboardLoader',
              action: 'providerDashboardAction',
            }),
          },
          {
            path: 'admin',
            lazy: fromModule(() => import('#client/admin/pages/admin-page.js'), {
              Component: 'AdminPage',
              loader: 'adminLoader',
              action: 'adminAction',
            }),
          },
          {
            path: 'buy-credits',
            lazy: {
              ...fromModule(() => import('#client/credits/pages/buy-credits-page.js'), {
                Component: 'BuyCreditsPage',
                loader: 'buyCreditsLoader',
              }),
              ...fromModule(() => import('#client/promo/api/redeem-promo-code.js'), { action: 'redeemPromoAction' }),
            },
          },
          {
            path: 'messages',
            lazy: {
              ...fromModule(() => import('#client/messages/pages/messages-page.js'), {
                Component: 'MessagesPage',
                loader: 'messagesLoader',
              }),
              ...fromModule(() => import('#client/messages/api/send-message.js'), { action: 'sendMessageAction' }),
            },
          },
          {
            path: 'projects',
            lazy: fromModule(() => import('#client/projects/pages/projects-page.js'), {
              Component: 'ProjectsPage',
              loader: 'projectsLoader',
            }),
          },
          {
            path: 'checkout',
            lazy: fromModule(() => import('#client/credits/pages/checkout-page.js'), {
              Component: 'CheckoutPage',
              loader: 'checkoutLoader',
            }),
          },
          {
            path: 'settings',
            lazy: {
              ...fromModule(() => import('#client/auth/settings-page.js'), { Component: 'SettingsPage' }),
              ...fromModule(() => import('#client/auth/api/weekly-limit.js'), { action: 'settingsAction' }),
            },
          },
          {
            path: 'business-profile',
            lazy: fromModule(() => import('#client/business-profiles/pages/business-profile-page.js'), {
              Component: 'BusinessProfilePage',
              loader: 'businessProfileLoader',
            }),
          },
          {
            path: 'find-providers',
            lazy: fromModule(() => import('#client/business-profiles/pages/find-providers-page.js'), {
              Component: 'FindProvidersPage',
              loader: 'findProvidersLoader',
            }),
          },
          {
            path: 'provider/:id',
            lazy: fromModule(() => import('#client/business-profiles/pages/provider-page.js'), {
              Component: 'ProviderPage',
              loader: 'providerLoader',
            }),
          },
        ],
      },
      { path: '*', lazy: fromModule(() => import('#client/layout/not-found-page.js'), { Component: 'NotFoundPage' }) },
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
