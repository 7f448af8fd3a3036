import { createBrowserRouter, RouterProvider } from 'react-router';
import { RequireAuth } from '#client/auth/require-auth.js';
import { EntryPage } from '#client/landing/entry-page.js';
import { AppShell } from '#client/layout/app-shell.js';
import { NotFoundPage } from '#client/layout/not-found-page.js';
import { PageSpinner } from '#client/ui/spinner.js';

// Route-level code splitting: each feature page is its own chunk.
const router = createBrowserRouter([
  {
    Component: AppShell,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, Component: EntryPage },
      { path: 'login', lazy: { Component: async () => (await import('#client/auth/login-page.js')).LoginPage } },
      {
        path: 'forgot-password',
        lazy: { Component: async () => (await import('#client/auth/password-reset-pages.js')).ForgotPasswordPage },
      },
      {
        path: 'reset-password',
        lazy: { Component: async () => (await import('#client/auth/password-reset-pages.js')).ResetPasswordPage },
      },
      { path: 'terms', lazy: { Component: async () => (await import('#client/legal/terms-page.js')).TermsPage } },
      { path: 'privacy', lazy: { Component: async () => (await import('#client/legal/privacy-page.js')).PrivacyPage } },
      {
        Component: RequireAuth,
        children: [
          {
            path: 'post-job',
            lazy: { Component: async () => (await import('#client/jobs/pages/post-job-page.js')).PostJobPage },
          },
          {
            path: 'jobs/:id',
            lazy: { Component: async () => (await import('#client/jobs/pages/job-detail-page.js')).JobDetailPage },
          },
          {
            path: 'dashboard',
            lazy: { Component: async () => (await import('#client/jobs/pages/dashboard-page.js')).DashboardPage },
          },
          {
            path: 'provider-dashboard',
            lazy: {
              Component: async () =>
                (await import('#client/bids/pages/provider-dashboard-page.js')).ProviderDashboardPage,
            },
          },
          {
            path: 'admin',
            lazy: { Component: async () => (await import('#client/admin/pages/admin-page.js')).AdminPage },
          },
          {
            path: 'buy-credits',
            lazy: { Component: async () => (await import('#client/credits/pages/buy-credits-page.js')).BuyCreditsPage },
          },
          {
            path: 'messages',
            lazy: { Component: async () => (await import('#client/messages/pages/messages-page.js')).MessagesPage },
          },
          {
            path: 'projects',
            lazy: { Component: async () => (await import('#client/projects/pages/projects-page.js')).ProjectsPage },
          },
          {
            path: 'checkout',
            lazy: { Component: async () => (await import('#client/credits/pages/checkout-page.js')).CheckoutPage },
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
            },
          },
          {
            path: 'find-providers',
            lazy: {
              Component: async () =>
                (await import('#client/business-profiles/pages/find-providers-page.js')).FindProvidersPage,
            },
          },
          {
            path: 'provider/:id',
            lazy: {
              Component: async () => (await import('#client/business-profiles/pages/provider-page.js')).ProviderPage,
            },
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
