import type { Stripe } from '@stripe/stripe-js';
// The `pure` entry injects no <script> on import, only when loadStripe is called.
import { loadStripe } from '@stripe/stripe-js/pure/index.js';
import { useQuery } from '@tanstack/react-query';
import { toLanguage } from '#shared/i18n/languages.js';

/**
 * Stripe.js for the run-time publishable key, loaded only on the payment screens (the `pure` entry
 * adds no script until asked). A failed load (offline, blocked) is an error the page shows, not a
 * spinner; asking again retries.
 */
export function useStripeJs(publishableKey: string | null | undefined, language: string) {
  return useQuery({
    queryKey: ['stripe-js', publishableKey, language],
    enabled: Boolean(publishableKey),
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: async (): Promise<Stripe> => {
      const stripe = await loadStripe(publishableKey!, { locale: toLanguage(language) });
      if (!stripe) throw new Error('Stripe.js not available');
      return stripe;
    },
  });
}
