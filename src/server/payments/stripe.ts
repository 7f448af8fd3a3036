import Stripe from 'stripe';
import type { Config } from '#server/config.js';
import { AppError } from '#server/http/errors.js';

const clients = new WeakMap<Config, Stripe>();

/**
 * The Stripe SDK for this config, or 503 payments_unavailable when STRIPE_SECRET_KEY is unset
 * (docs/contract.md §3.1). STRIPE_API_HOST/PORT/PROTOCOL point it at another server (tests).
 */
export function stripeFor(config: Config): Stripe {
  const { secretKey, host, port, protocol } = config.stripe;
  if (!secretKey) throw new AppError('payments_unavailable');
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(host ? { host } : {}),
      ...(port ? { port } : {}),
      ...(protocol ? { protocol } : {}),
    });
    clients.set(config, client);
  }
  return client;
}

/** Stripe's own "no such object" answer (a made-up or foreign-account id). */
export function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}
