import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PROMO_CODE } from '#server/db/seed/index.js';
import { AppError } from '#server/http/errors.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicConfigAnswer } from '#shared/answers/auth.js';
import { StatusAnswer } from '#shared/answers/common.js';

export async function systemRoutes(app: FastifyInstance, opts: { demoMode: boolean; ping: () => Promise<void> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { response: { 200: StatusAnswer } } }, async () => ({ status: 'ok' }));

  r.get('/readyz', { schema: { response: { 200: StatusAnswer } } }, async () => {
    try {
      await opts.ping();
    } catch {
      throw new AppError('service_unavailable');
    }
    return { status: 'ready' };
  });

  r.get('/api/config', { config: { public: true }, schema: { response: { 200: PublicConfigAnswer } } }, async () => {
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
