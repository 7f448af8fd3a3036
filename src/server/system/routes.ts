import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '#shared/auth.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PROMO_CODE } from '#server/db/seed/index.js';
import { AppError } from '#server/http/errors.js';

export async function systemRoutes(app: FastifyInstance, opts: { demoMode: boolean; ping: () => Promise<void> }) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async () => {
    try {
      await opts.ping();
    } catch {
      throw new AppError('service_unavailable');
    }
    return { status: 'ready' };
  });

  app.get('/api/config', { config: { public: true } }, async (): Promise<PublicConfig> => {
    const { config } = app;
    return {
      demoMode: opts.demoMode,
      demoAccounts: opts.demoMode
        ? DEMO_ACCOUNTS.map((a) => ({ role: a.role, email: a.email, password: DEMO_PASSWORD }))
        : [],
      oidcEnabled: config.oidc !== null,
      oidcProviderName: config.oidc?.providerName ?? null,
      stripePublishableKey: config.stripe.secretKey ? config.stripe.publishableKey : null,
      freeCreditsOnUpgrade: config.freeCreditsOnUpgrade,
      demoPromoCode: opts.demoMode ? DEMO_PROMO_CODE : null,
    };
  });
}
